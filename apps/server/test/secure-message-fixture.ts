import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { careProviders, careTeamMembers, patients } from '../src/db/schema/index';
import {
  addPatientMessage,
  putProviderMessage,
  type ProviderMessageRecord,
} from '../src/modules/secure-messages/secure-messages.intake';
import { seededPatientId } from '../src/platform/integration/integration-patients';

// Secure message threads written through the message store, so the API tests, the authorisation matrix and the
// read-audit walk do not depend on the demo's threads.

let counter = 0;
/** An identifier no other call of this test file has used. */
export function uniqueId(prefix = 'test'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** The portal id of a care provider by the facility's identifier (the demo's 'demo-cp-priya-raman'). */
export async function providerIdOf(db: Db, externalId: string): Promise<number> {
  const [row] = await db
    .select({ id: careProviders.id })
    .from(careProviders)
    .where(eq(careProviders.externalId, externalId))
    .limit(1);
  if (!row) throw new Error(`no care provider ${externalId}`);
  return row.id;
}

/**
 * A care provider of the patient's care team who takes the patient's secure messages (recipient, with a preferred
 * system, not withdrawn): the first one of the demo seed's.
 */
export async function recipientOf(db: Db, patientId: number): Promise<number> {
  const [row] = await db
    .select({ id: careProviders.id })
    .from(careTeamMembers)
    .innerJoin(careProviders, eq(careProviders.id, careTeamMembers.careProviderId))
    .where(
      and(
        eq(careTeamMembers.patientId, patientId),
        eq(careTeamMembers.isSecureMessageRecipient, true),
        isNotNull(careProviders.preferredSecureMessageSystemId),
        isNull(careProviders.withdrawnAt),
      ),
    )
    .orderBy(careProviders.id)
    .limit(1);
  if (!row) throw new Error(`patient ${patientId} has no secure message recipient`);
  return row.id;
}

/** A care provider's message put through the message store (its own transaction); the outcome. */
export function putTestProviderMessage(
  db: Db,
  patientId: number,
  careProviderId: number,
  options: Partial<Omit<ProviderMessageRecord, 'careProviderId'>> & { externalId?: string | null } = {},
) {
  const { externalId, ...record } = options;
  return db.transaction((tx) =>
    putProviderMessage(tx, seededPatientId(patientId), externalId === undefined ? uniqueId('msg') : externalId, {
      careProviderId,
      thread: { subject: 'Your next treatment' },
      content: '<p>Please bring your medication list.</p>',
      contentFormat: 'html',
      ...record,
    }),
  );
}

/**
 * A thread of the patient begun by a care provider of their care team (who may be written to), with the
 * provider's message unread. `replyAllowed` false: a thread the patient cannot reply to.
 */
export async function secureMessageThreadOf(
  db: Db,
  patientId: number,
  options: { replyAllowed?: boolean; subject?: string } = {},
): Promise<number> {
  const careProviderId = await recipientOf(db, patientId);
  const outcome = await putTestProviderMessage(db, patientId, careProviderId, {
    thread: { subject: options.subject ?? 'Your next treatment' },
    ...(options.replyAllowed === undefined ? {} : { replyAllowed: options.replyAllowed }),
  });
  return outcome.threadId;
}

/** A message the patient's own user writes in a thread (no rules checked: the store's). */
export async function addTestPatientMessage(db: Db, patientId: number, threadId: number, content = '<p>Thanks</p>') {
  const [patient] = await db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, patientId));
  if (!patient?.userId) throw new Error(`patient ${patientId} has no user`);
  const authorUserId = patient.userId;
  return db.transaction((tx) => addPatientMessage(tx, patientId, { authorUserId, thread: { threadId }, content }));
}
