import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditEvents,
  facilities,
  facilityAliases,
  integrationAccessTokens,
  integrationClients,
  patients,
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
