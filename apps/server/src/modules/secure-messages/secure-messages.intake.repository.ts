import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  careProviders,
  messageThreadMembers,
  messageThreads,
  patients,
  secureMessages,
  users,
} from '../../db/schema/index';

// The writes of secure-messages.intake.ts: threads, their two members and their messages.

export type NewMessageThread = typeof messageThreads.$inferInsert;
export type NewSecureMessage = typeof secureMessages.$inferInsert;

/**
 * Holds a transaction-scoped advisory lock on `key` until the transaction ends, so two requests for the same key
 * (a provider message's identifier, a sender's idempotency key) run one after the other: the second one then sees
 * what the first one stored. Works on PostgreSQL and PGlite.
 */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The patient's names, own user and home facility, or undefined. */
export function findPatientForMessages(db: DbOrTx, patientId: number) {
  return db
    .select({
      id: patients.id,
      userId: patients.userId,
      firstName: patients.firstName,
      lastName: patients.lastName,
      facilityId: patients.homeFacilityId,
    })
    .from(patients)
    .where(eq(patients.id, patientId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** A user's names (a representative writing for a patient), or undefined. */
export function findUserNames(db: DbOrTx, userId: number) {
  return db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** A care provider of the facility that has not been withdrawn, with the names a message shows, or undefined. */
export function findActiveProvider(db: DbOrTx, facilityId: number, careProviderId: number) {
  return db
    .select({
      id: careProviders.id,
      firstName: careProviders.firstName,
      lastName: careProviders.lastName,
      suffix: careProviders.suffix,
    })
    .from(careProviders)
    .where(
      and(
        eq(careProviders.id, careProviderId),
        eq(careProviders.facilityId, facilityId),
        isNull(careProviders.withdrawnAt),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

const threadFields = {
  id: messageThreads.id,
  careProviderId: messageThreads.careProviderId,
  subject: messageThreads.subject,
  externalId: messageThreads.externalId,
  replyAllowed: messageThreads.replyAllowed,
};

/** A thread of the patient, or undefined. */
export function findPatientThread(db: DbOrTx, patientId: number, threadId: number) {
  return db
    .select(threadFields)
    .from(messageThreads)
    .where(and(eq(messageThreads.id, threadId), eq(messageThreads.patientId, patientId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The patient's thread under the facility's identifier of the thread, or undefined. */
export function findThreadByExternalId(db: DbOrTx, patientId: number, externalId: string) {
  return db
    .select(threadFields)
    .from(messageThreads)
    .where(and(eq(messageThreads.patientId, patientId), eq(messageThreads.externalId, externalId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The patient's message under the facility's identifier of the message, with its thread, or undefined. */
export function findMessageByExternalId(db: DbOrTx, patientId: number, externalId: string) {
  return db
    .select({
      id: secureMessages.id,
      threadId: secureMessages.threadId,
      careProviderId: secureMessages.careProviderId,
      content: secureMessages.content,
      threadSubject: messageThreads.subject,
      threadExternalId: messageThreads.externalId,
    })
    .from(secureMessages)
    .innerJoin(messageThreads, eq(messageThreads.id, secureMessages.threadId))
    .where(
      and(
        eq(secureMessages.patientId, patientId),
        eq(secureMessages.externalId, externalId),
        isNotNull(secureMessages.externalId),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

/** A new thread with its two members: the patient's and the care provider's, each in the state given. */
export async function insertThreadWithMembers(
  tx: Tx,
  thread: NewMessageThread,
  patientMember: { areMessagesReviewed: boolean; reviewedAt: Date | null },
  providerMember: { areMessagesReviewed: boolean },
): Promise<number> {
  const [inserted] = await tx.insert(messageThreads).values(thread).returning({ id: messageThreads.id });
  if (!inserted) throw new Error('Adding a message thread returned no row');
  await tx.insert(messageThreadMembers).values([
    { threadId: inserted.id, patientId: thread.patientId, ...patientMember },
    { threadId: inserted.id, careProviderId: thread.careProviderId, ...providerMember },
  ]);
  return inserted.id;
}

export async function insertMessage(tx: Tx, row: NewSecureMessage): Promise<number> {
  const [inserted] = await tx.insert(secureMessages).values(row).returning({ id: secureMessages.id });
  if (!inserted) throw new Error('Adding a secure message returned no row');
  return inserted.id;
}

/** A message arrived in an existing thread: the thread's time moves to it if later; replyAllowed when given. */
export async function touchThread(
  tx: Tx,
  patientId: number,
  threadId: number,
  at: Date,
  replyAllowed?: boolean,
): Promise<void> {
  await tx
    .update(messageThreads)
    .set({
      lastMessageAt: sql`greatest(${messageThreads.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
      ...(replyAllowed === undefined ? {} : { replyAllowed }),
    })
    .where(and(eq(messageThreads.id, threadId), eq(messageThreads.patientId, patientId)));
}

/**
 * A message arrived in the patient's thread: the side that wrote it has read the thread (reviewed at `at`), the
 * other side has not. A message from the care team also brings the patient's archived thread back to Current.
 */
export async function markMessageArrived(
  tx: Tx,
  patientId: number,
  threadId: number,
  fromPatient: boolean,
  at: Date,
): Promise<void> {
  const patientsThread = tx
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(and(eq(messageThreads.id, threadId), eq(messageThreads.patientId, patientId)));
  const writerSide = sql`((${messageThreadMembers.patientId} is not null) = ${fromPatient})`;
  await tx
    .update(messageThreadMembers)
    .set({
      areMessagesReviewed: writerSide,
      reviewedAt: sql`case when ${writerSide} then ${at.toISOString()}::timestamptz else ${messageThreadMembers.reviewedAt} end`,
      isArchived: fromPatient
        ? sql`${messageThreadMembers.isArchived}`
        : sql`${writerSide} and ${messageThreadMembers.isArchived}`,
    })
    .where(inArray(messageThreadMembers.threadId, patientsThread));
}

/** Archives or brings back the patient's member of the patient's thread; whether anything changed. */
export async function updatePatientMemberArchived(
  tx: Tx,
  patientId: number,
  threadId: number,
  archived: boolean,
): Promise<boolean> {
  const changed = await tx
    .update(messageThreadMembers)
    .set({ isArchived: archived })
    .where(
      and(
        eq(messageThreadMembers.threadId, threadId),
        eq(messageThreadMembers.patientId, patientId),
        sql`${messageThreadMembers.isArchived} <> ${archived}`,
      ),
    )
    .returning({ id: messageThreadMembers.id });
  return changed.length > 0;
}

/**
 * Marks the patient's member of the patient's thread read (reviewed_at = at) or unread (reviewed_at kept: when
 * it was last read); whether anything changed.
 */
export async function updatePatientMemberReviewed(
  tx: Tx,
  patientId: number,
  threadId: number,
  reviewed: boolean,
  at: Date,
): Promise<boolean> {
  const changed = await tx
    .update(messageThreadMembers)
    .set(reviewed ? { areMessagesReviewed: true, reviewedAt: at } : { areMessagesReviewed: false })
    .where(
      and(
        eq(messageThreadMembers.threadId, threadId),
        eq(messageThreadMembers.patientId, patientId),
        sql`${messageThreadMembers.areMessagesReviewed} <> ${reviewed}`,
      ),
    )
    .returning({ id: messageThreadMembers.id });
  return changed.length > 0;
}
