import { and, asc, countDistinct, desc, eq, isNotNull, isNull, not, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  careProviders,
  careTeamMembers,
  facilities,
  messageThreadMembers,
  messageThreads,
  patients,
  secureMessageReads,
  secureMessages,
} from '../../db/schema/index';
import { actorKey, type PatientScope } from '../../platform/access/patient-scope';

// The patient API's reads of secure messages. Every query names the scope's patient: a thread id of another
// patient finds nothing. The hot reads are prepared statements (db/prepared.ts).

const patientMember = alias(messageThreadMembers, 'patient_member');
const providerMember = alias(messageThreadMembers, 'provider_member');

const reader = sql.placeholder('reader');

/**
 * A thread with both members' state, the reader's own read state (reviewed: every message of the care team read;
 * reviewedAt: their latest read), the provider's names, the patient's names, date of birth and the zone of their
 * home facility (the messages' dates are on its clock), and how many messages it holds: one row per thread.
 */
const threadColumns = {
  id: messageThreads.id,
  subject: messageThreads.subject,
  replyAllowed: messageThreads.replyAllowed,
  lastMessageAt: messageThreads.lastMessageAt,
  careProviderId: messageThreads.careProviderId,
  patientMember: {
    id: patientMember.id,
    isArchived: patientMember.isArchived,
  },
  reader: {
    reviewed: sql<boolean>`not exists (select 1 from ${secureMessages} care_team
      where care_team.patient_id = ${messageThreads.patientId} and care_team.thread_id = ${messageThreads.id}
        and not care_team.from_patient
        and not exists (select 1 from ${secureMessageReads} own
          where own.message_id = care_team.id and own.reader = ${reader}))`.mapWith(Boolean),
    reviewedAt: sql<Date | null>`(select max(own.read_at) from ${secureMessageReads} own
      where own.patient_id = ${messageThreads.patientId} and own.reader = ${reader}
        and own.thread_id = ${messageThreads.id})`.mapWith(secureMessageReads.readAt),
  },
  providerMember: {
    id: providerMember.id,
    careProviderId: providerMember.careProviderId,
    isArchived: providerMember.isArchived,
    areMessagesReviewed: providerMember.areMessagesReviewed,
    reviewedAt: providerMember.reviewedAt,
  },
  providerFirstName: careProviders.firstName,
  providerLastName: careProviders.lastName,
  patient: {
    firstName: patients.firstName,
    lastName: patients.lastName,
    dateOfBirth: patients.dateOfBirth,
    timeZoneId: facilities.timeZoneId,
  },
  messages: sql<number>`(select count(*)::int from ${secureMessages}
    where ${secureMessages.patientId} = ${messageThreads.patientId} and ${secureMessages.threadId} = ${messageThreads.id})`.mapWith(
    Number,
  ),
};

/** The patient's threads (the patient a placeholder) with everything threadColumns reads. */
function threadsQuery(db: DbOrTx) {
  const patientId = sql.placeholder('patientId');
  return db
    .select(threadColumns)
    .from(messageThreads)
    .innerJoin(
      patientMember,
      and(eq(patientMember.threadId, messageThreads.id), eq(patientMember.patientId, patientId)),
    )
    .innerJoin(
      providerMember,
      and(eq(providerMember.threadId, messageThreads.id), isNotNull(providerMember.careProviderId)),
    )
    .innerJoin(careProviders, eq(careProviders.id, providerMember.careProviderId))
    .innerJoin(patients, eq(patients.id, messageThreads.patientId))
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .$dynamic();
}
export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThread>>>;

const ofPatient = eq(messageThreads.patientId, sql.placeholder('patientId'));

/** The patient's threads (archived ones too when asked), newest message first: one prepared statement each way. */
export function listThreads(db: DbOrTx, scope: PatientScope, includeArchived: boolean) {
  const name = includeArchived ? 'secure_message_threads_all' : 'secure_message_threads_current';
  return prepared(db, name, (db) =>
    threadsQuery(db)
      .where(includeArchived ? ofPatient : and(ofPatient, not(patientMember.isArchived)))
      .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
      .prepare(name),
  ).execute({ patientId: scope.patientId, reader: actorKey(scope) });
}

/** One thread of the patient, or undefined. */
export function findThread(db: DbOrTx, scope: PatientScope, threadId: number) {
  return prepared(db, 'secure_message_thread', (db) =>
    threadsQuery(db)
      .where(and(eq(messageThreads.id, sql.placeholder('threadId')), ofPatient))
      .limit(1)
      .prepare('secure_message_thread'),
  )
    .execute({ patientId: scope.patientId, threadId, reader: actorKey(scope) })
    .then((rows) => rows[0]);
}

/** A thread's messages, oldest first. */
export function listMessages(db: DbOrTx, scope: PatientScope, threadId: number) {
  return prepared(db, 'secure_messages_of_thread', (db) =>
    db
      .select({
        id: secureMessages.id,
        content: secureMessages.content,
        sentAt: secureMessages.sentAt,
        fromPatient: secureMessages.fromPatient,
        senderDisplayName: secureMessages.senderDisplayName,
        authorFirstName: secureMessages.authorFirstName,
        authorLastName: secureMessages.authorLastName,
        proxyAuthorFirstName: secureMessages.proxyAuthorFirstName,
        proxyAuthorLastName: secureMessages.proxyAuthorLastName,
      })
      .from(secureMessages)
      .where(
        and(
          eq(secureMessages.patientId, sql.placeholder('patientId')),
          eq(secureMessages.threadId, sql.placeholder('threadId')),
        ),
      )
      .orderBy(asc(secureMessages.sentAt), asc(secureMessages.id))
      .prepare('secure_messages_of_thread'),
  ).execute({ patientId: scope.patientId, threadId });
}

/**
 * The patient's current threads (not archived) with a message of the care team the reader (the caller) has not
 * read: the patient's care team messages (secure_messages_care_team_idx), each looked up in the reader's reads.
 */
export function countUnreadThreads(db: DbOrTx, scope: PatientScope): Promise<number> {
  return prepared(db, 'secure_message_threads_unread_count', (db) =>
    db
      .select({ n: countDistinct(secureMessages.threadId) })
      .from(secureMessages)
      .innerJoin(
        messageThreadMembers,
        and(
          eq(messageThreadMembers.threadId, secureMessages.threadId),
          eq(messageThreadMembers.patientId, secureMessages.patientId),
        ),
      )
      .where(
        and(
          eq(secureMessages.patientId, sql.placeholder('patientId')),
          not(secureMessages.fromPatient),
          not(messageThreadMembers.isArchived),
          notExists(
            db
              .select({ one: sql`1` })
              .from(secureMessageReads)
              .where(and(eq(secureMessageReads.messageId, secureMessages.id), eq(secureMessageReads.reader, reader))),
          ),
        ),
      )
      .prepare('secure_message_threads_unread_count'),
  )
    .execute({ patientId: scope.patientId, reader: actorKey(scope) })
    .then((rows) => rows[0]?.n ?? 0);
}

/**
 * Whether the patient may write to the care provider (spec 002, New message): the provider is on the patient's
 * care team as a secure-message recipient, has a preferred secure-message system, and is not withdrawn.
 */
export async function isMessageRecipient(db: DbOrTx, scope: PatientScope, careProviderId: number): Promise<boolean> {
  const rows = await db
    .select({ id: careTeamMembers.id })
    .from(careTeamMembers)
    .innerJoin(careProviders, eq(careProviders.id, careTeamMembers.careProviderId))
    .where(
      and(
        eq(careTeamMembers.patientId, scope.patientId),
        eq(careTeamMembers.careProviderId, careProviderId),
        careTeamMembers.isSecureMessageRecipient,
        isNotNull(careProviders.preferredSecureMessageSystemId),
        isNull(careProviders.withdrawnAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The message a user already sent under an idempotency key (unique per author), or undefined. */
export function findMessageByIdempotencyKey(db: DbOrTx, authorUserId: number, idempotencyKey: string) {
  return db
    .select({ id: secureMessages.id, threadId: secureMessages.threadId, requestHash: secureMessages.requestHash })
    .from(secureMessages)
    .where(and(eq(secureMessages.authorUserId, authorUserId), eq(secureMessages.idempotencyKey, idempotencyKey)))
    .limit(1)
    .then((rows) => rows[0]);
}
