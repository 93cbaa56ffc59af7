import { and, count, desc, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  careProviders,
  messageThreadMembers,
  messageThreads,
  patients,
  secureMessageReads,
  secureMessages,
  users,
} from '../../db/schema/index';

// The writes of secure-messages.intake.ts: threads, their two members, their messages and who on the patient's
// side read them (secure_message_reads, a row per reader and message).

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

/**
 * A new thread with its two members: the patient's (current; its read state is each reader's, in
 * secure_message_reads) and the care provider's, in the state given.
 */
export async function insertThreadWithMembers(
  tx: Tx,
  thread: NewMessageThread,
  providerMember: { areMessagesReviewed: boolean; reviewedAt?: Date | null },
): Promise<number> {
  const [inserted] = await tx.insert(messageThreads).values(thread).returning({ id: messageThreads.id });
  if (!inserted) throw new Error('Adding a message thread returned no row');
  await tx.insert(messageThreadMembers).values([
    { threadId: inserted.id, patientId: thread.patientId },
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
 * A message arrived in the patient's thread. From the care team: its member has read the thread (reviewed at
 * `at`), and the patient's archived thread comes back to Current (the message is unread for every reader on the
 * patient's side, having no read of theirs yet). From the patient's side: the care provider's member has not read
 * it (the writer's own read is markThreadRead's).
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
  const providerSide = isNotNull(messageThreadMembers.careProviderId);
  await tx
    .update(messageThreadMembers)
    .set(
      fromPatient
        ? { areMessagesReviewed: false }
        : {
            areMessagesReviewed: true,
            // The patient's member keeps no read time (each reader's is theirs): only the provider's is set.
            reviewedAt: sql`case when ${providerSide} then ${at.toISOString()}::timestamptz end`,
            isArchived: sql`${providerSide} and ${messageThreadMembers.isArchived}`,
          },
    )
    .where(and(inArray(messageThreadMembers.threadId, patientsThread), fromPatient ? providerSide : undefined));
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
 * The reader ('patient' or 'user:<id>') has read every message of the patient's thread at `at` (reads already
 * there are kept, with their time): one statement. Whether a message of the care team was unread for them.
 */
export async function markThreadRead(
  tx: Tx,
  patientId: number,
  threadId: number,
  reader: string,
  at: Date,
): Promise<boolean> {
  const inserted = tx.$with('inserted').as(
    tx
      .insert(secureMessageReads)
      .select(
        tx
          .select({
            messageId: secureMessages.id,
            reader: sql<string>`${reader}::text`.as('reader'),
            patientId: secureMessages.patientId,
            threadId: secureMessages.threadId,
            readAt: sql<Date>`${at.toISOString()}::timestamptz`.as('read_at'),
          })
          .from(secureMessages)
          .where(and(eq(secureMessages.patientId, patientId), eq(secureMessages.threadId, threadId))),
      )
      .onConflictDoNothing()
      .returning({ messageId: secureMessageReads.messageId }),
  );
  const [row] = await tx
    .with(inserted)
    .select({ n: count() })
    .from(inserted)
    .innerJoin(secureMessages, eq(secureMessages.id, inserted.messageId))
    .where(not(secureMessages.fromPatient));
  return (row?.n ?? 0) > 0;
}

/**
 * The patient's thread is unread again for the reader: their read of the care team's newest message in it goes
 * (the others, and so when they last read, are kept). Whether it was read; a thread without a message of the
 * care team has nothing to be unread.
 */
export async function markThreadUnread(tx: Tx, patientId: number, threadId: number, reader: string): Promise<boolean> {
  const newest = tx
    .select({ id: secureMessages.id })
    .from(secureMessages)
    .where(
      and(
        eq(secureMessages.patientId, patientId),
        eq(secureMessages.threadId, threadId),
        not(secureMessages.fromPatient),
      ),
    )
    .orderBy(desc(secureMessages.id))
    .limit(1);
  const deleted = await tx
    .delete(secureMessageReads)
    .where(and(eq(secureMessageReads.reader, reader), inArray(secureMessageReads.messageId, newest)))
    .returning({ messageId: secureMessageReads.messageId });
  return deleted.length > 0;
}
