import { and, asc, eq, gt, inArray, isNotNull, isNull, not, or, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditEvents,
  educationArticles,
  educationMaterials,
  facilities,
  facilityAliases,
  integrationAccessTokens,
  integrationClients,
  labResults,
  medicalNotes,
  messageThreads,
  patients,
  secureMessages,
  type PublicJwks,
} from '../../db/schema/index';

export type { PublicJwks };
export type IntegrationClientRow = typeof integrationClients.$inferSelect;
export type NewIntegrationClient = typeof integrationClients.$inferInsert;

/** A facility by id, short name ('riverside') or one of its host names. */
export async function findFacilityId(db: DbOrTx, key: string): Promise<number | undefined> {
  const lowered = key.trim().toLowerCase();
  const id = /^\d+$/.test(lowered) ? Number(lowered) : -1;
  const [row] = await db
    .selectDistinct({ id: facilities.id })
    .from(facilities)
    .leftJoin(facilityAliases, eq(facilityAliases.facilityId, facilities.id))
    .where(
      or(eq(facilities.id, id), sql`lower(${facilities.shortName}) = ${lowered}`, eq(facilityAliases.alias, lowered)),
    )
    .limit(2);
  return row?.id;
}

export async function insertClient(db: DbOrTx, row: NewIntegrationClient): Promise<IntegrationClientRow> {
  const [inserted] = await db.insert(integrationClients).values(row).returning();
  if (!inserted) throw new Error('Adding an integration client returned no row');
  return inserted;
}

export function listClients(db: DbOrTx, facilityId?: number) {
  return db
    .select({
      clientId: integrationClients.clientId,
      name: integrationClients.name,
      facility: facilities.shortName,
      scopes: integrationClients.scopes,
      authentication: sql<string>`case when ${integrationClients.publicJwks} is not null and ${integrationClients.secretHash} is not null then 'private_key_jwt, secret' when ${integrationClients.publicJwks} is not null then 'private_key_jwt' else 'secret' end`,
      webhookUrl: integrationClients.webhookUrl,
      createdAt: integrationClients.createdAt,
      rotatedAt: integrationClients.rotatedAt,
      revokedAt: integrationClients.revokedAt,
    })
    .from(integrationClients)
    .innerJoin(facilities, eq(facilities.id, integrationClients.facilityId))
    .where(facilityId === undefined ? undefined : eq(integrationClients.facilityId, facilityId))
    .orderBy(asc(integrationClients.id));
}

export async function findLiveClient(db: DbOrTx, clientId: string): Promise<IntegrationClientRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationClients)
    .where(and(eq(integrationClients.clientId, clientId), isNull(integrationClients.revokedAt)))
    .limit(1);
  return row;
}

export async function updateClientCredentials(
  db: DbOrTx,
  id: number,
  change: { secretHash?: string | null; publicJwks?: PublicJwks | null },
): Promise<void> {
  await db
    .update(integrationClients)
    .set({ ...change, rotatedAt: new Date() })
    .where(eq(integrationClients.id, id));
}

/** Revoking ends the client's live tokens at once. */
export async function revokeClient(db: DbOrTx, id: number): Promise<void> {
  await db.update(integrationClients).set({ revokedAt: new Date() }).where(eq(integrationClients.id, id));
  await db.delete(integrationAccessTokens).where(eq(integrationAccessTokens.clientId, id));
}

/** The latest audit row: where a new client's webhook starts (it gets what happens from now on). */
export async function latestAuditId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${auditEvents.id})` }).from(auditEvents);
  return Number(row?.id ?? 0);
}

/** The audit rows of the given kinds about the facility's patients after `after`, in order, with the MRN. */
export function auditRowsAfter(db: DbOrTx, facilityId: number, eventTypes: string[], after: number, limit: number) {
  return db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      eventType: auditEvents.eventType,
      relationship: auditEvents.relationship,
      actorUserId: auditEvents.actorUserId,
      detail: auditEvents.detail,
      mrn: patients.mrn,
    })
    .from(auditEvents)
    .innerJoin(patients, eq(patients.id, auditEvents.patientId))
    .where(
      and(
        eq(auditEvents.facilityId, facilityId),
        eq(patients.homeFacilityId, facilityId),
        gt(auditEvents.id, after),
        inArray(auditEvents.eventType, eventTypes),
        eq(auditEvents.outcome, 'success'),
      ),
    )
    .orderBy(asc(auditEvents.id))
    .limit(limit);
}

/**
 * Takes a client whose webhook is due for this instance: sets its next attempt a lease ahead, so no other
 * instance takes it meanwhile. Returns the client, or undefined when another instance holds it or none is due.
 */
export async function claimDueWebhook(db: DbOrTx, now: Date, leaseMs: number) {
  const due = or(
    isNull(integrationClients.webhookNextAttemptAt),
    sql`${integrationClients.webhookNextAttemptAt} <= ${now}`,
  );
  const [candidate] = await db
    .select({ id: integrationClients.id })
    .from(integrationClients)
    .where(and(sql`${integrationClients.webhookUrl} is not null`, isNull(integrationClients.revokedAt), due))
    .orderBy(asc(integrationClients.webhookNextAttemptAt))
    .limit(1);
  if (!candidate) return undefined;
  const [claimed] = await db
    .update(integrationClients)
    .set({ webhookNextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(and(eq(integrationClients.id, candidate.id), due))
    .returning();
  return claimed;
}

/** After a delivery run: the cursor reached, and when to look again (null: whenever events come). */
export async function settleWebhook(
  db: DbOrTx,
  id: number,
  state: { cursor: number; attempts: number; nextAttemptAt: Date | null; lastError: string | null },
): Promise<void> {
  await db
    .update(integrationClients)
    .set({
      webhookCursor: state.cursor,
      webhookAttempts: state.attempts,
      webhookNextAttemptAt: state.nextAttemptAt,
      webhookLastError: state.lastError,
    })
    .where(eq(integrationClients.id, id));
}

/** The ids of the facility's patients with these MRNs (unique within a facility: patients_mrn_unique). */
export async function patientIdsByMrn(db: DbOrTx, facilityId: number, mrns: string[]): Promise<Map<string, number>> {
  if (mrns.length === 0) return new Map();
  const rows = await db
    .select({ id: patients.id, mrn: patients.mrn })
    .from(patients)
    .where(and(eq(patients.homeFacilityId, facilityId), inArray(patients.mrn, mrns)));
  return new Map(rows.map((row) => [row.mrn, row.id]));
}

/** The portal ids an event page names, by kind: what facilityIdentifiersOf looks up. */
export interface RecordIds {
  labResultIds: number[];
  noteIds: number[];
  articleIds: number[];
  threadIds: number[];
}

/** The facility's own identifiers of the records an event page names (null: the record has none). */
export interface FacilityIdentifiers {
  labResults: Map<number, string | null>;
  notes: Map<number, string | null>;
  /** An assigned article: your identifier of the assignment and of the library's article (materialExternalId). */
  articles: Map<number, { externalId: string | null; materialExternalId: string | null }>;
  threads: Map<number, string | null>;
  /** The care team's messages of those threads that you sent with an identifier, oldest first. */
  careTeamMessages: Map<number, { externalId: string; sentAt: Date }[]>;
}

/**
 * The facility's identifiers of the records among `ids`, its own patients' only: one query per kind the page
 * names, whatever the number of events (none for a kind it does not name).
 */
export async function facilityIdentifiersOf(
  db: DbOrTx,
  facilityId: number,
  ids: RecordIds,
): Promise<FacilityIdentifiers> {
  const ofFacility = (patientId: AnyColumn) =>
    sql`${patientId} in (select ${patients.id} from ${patients} where ${patients.homeFacilityId} = ${facilityId})`;
  const unique = (list: number[]) => [...new Set(list)];
  const [results, notes, articles, threads, messages] = await Promise.all([
    ids.labResultIds.length === 0
      ? []
      : db
          .select({ id: labResults.id, externalId: labResults.externalId })
          .from(labResults)
          .where(and(inArray(labResults.id, unique(ids.labResultIds)), ofFacility(labResults.patientId))),
    ids.noteIds.length === 0
      ? []
      : db
          .select({ id: medicalNotes.id, externalId: medicalNotes.externalId })
          .from(medicalNotes)
          .where(and(inArray(medicalNotes.id, unique(ids.noteIds)), ofFacility(medicalNotes.patientId))),
    ids.articleIds.length === 0
      ? []
      : db
          .select({
            id: educationArticles.id,
            externalId: educationArticles.externalId,
            materialExternalId: educationMaterials.externalId,
          })
          .from(educationArticles)
          .innerJoin(educationMaterials, eq(educationMaterials.id, educationArticles.materialId))
          .where(and(inArray(educationArticles.id, unique(ids.articleIds)), ofFacility(educationArticles.patientId))),
    ids.threadIds.length === 0
      ? []
      : db
          .select({ id: messageThreads.id, externalId: messageThreads.externalId })
          .from(messageThreads)
          .where(and(inArray(messageThreads.id, unique(ids.threadIds)), ofFacility(messageThreads.patientId))),
    ids.threadIds.length === 0
      ? []
      : db
          .select({
            threadId: secureMessages.threadId,
            externalId: sql<string>`${secureMessages.externalId}`,
            sentAt: secureMessages.sentAt,
          })
          .from(secureMessages)
          .where(
            and(
              inArray(secureMessages.threadId, unique(ids.threadIds)),
              not(secureMessages.fromPatient),
              isNotNull(secureMessages.externalId),
              ofFacility(secureMessages.patientId),
            ),
          )
          .orderBy(asc(secureMessages.sentAt), asc(secureMessages.id)),
  ]);
  const careTeamMessages = new Map<number, { externalId: string; sentAt: Date }[]>();
  for (const message of messages) {
    const list = careTeamMessages.get(message.threadId);
    if (list) list.push(message);
    else careTeamMessages.set(message.threadId, [message]);
  }
  return {
    labResults: new Map(results.map((row) => [row.id, row.externalId])),
    notes: new Map(notes.map((row) => [row.id, row.externalId])),
    articles: new Map(articles.map((row) => [row.id, row])),
    threads: new Map(threads.map((row) => [row.id, row.externalId])),
    careTeamMessages,
  };
}
