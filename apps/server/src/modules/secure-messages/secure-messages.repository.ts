import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  careProviders,
  careTeamMembers,
  facilities,
  messageThreadMembers,
  messageThreads,
  patients,
  secureMessages,
} from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

// The patient API's reads of secure messages. Every query names the scope's patient: a thread id of another
// patient finds nothing.

const patientMember = alias(messageThreadMembers, 'patient_member');
const providerMember = alias(messageThreadMembers, 'provider_member');

/** The patient's names, date of birth and the zone of their home facility (the messages' dates are on its clock). */
export function findPatientHeader(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      firstName: patients.firstName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      timeZoneId: facilities.timeZoneId,
    })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, scope.patientId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The patient's threads with both members' state and the provider's names, newest message first (one query). */
function threadsQuery(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: messageThreads.id,
      subject: messageThreads.subject,
      replyAllowed: messageThreads.replyAllowed,
      lastMessageAt: messageThreads.lastMessageAt,
      careProviderId: messageThreads.careProviderId,
      patientMember: {
        id: patientMember.id,
        isArchived: patientMember.isArchived,
        areMessagesReviewed: patientMember.areMessagesReviewed,
        reviewedAt: patientMember.reviewedAt,
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
    })
    .from(messageThreads)
    .innerJoin(
      patientMember,
      and(eq(patientMember.threadId, messageThreads.id), eq(patientMember.patientId, scope.patientId)),
    )
    .innerJoin(
      providerMember,
      and(eq(providerMember.threadId, messageThreads.id), isNotNull(providerMember.careProviderId)),
    )
    .innerJoin(careProviders, eq(careProviders.id, providerMember.careProviderId))
    .$dynamic();
}
export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThread>>>;

/** The patient's threads (archived ones too when asked), newest message first. */
export function listThreads(db: DbOrTx, scope: PatientScope, includeArchived: boolean) {
  return threadsQuery(db, scope)
    .where(
      and(
        eq(messageThreads.patientId, scope.patientId),
        includeArchived ? undefined : eq(patientMember.isArchived, false),
      ),
    )
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id));
}

/** One thread of the patient, or undefined. */
export function findThread(db: DbOrTx, scope: PatientScope, threadId: number) {
  return threadsQuery(db, scope)
    .where(and(eq(messageThreads.id, threadId), eq(messageThreads.patientId, scope.patientId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * How many messages each of the patient's threads holds (those given, else all): one grouped query, whatever the
 * number of threads.
 */
export async function countMessagesByThread(
  db: DbOrTx,
  scope: PatientScope,
  threadIds?: number[],
): Promise<Map<number, number>> {
  const rows = await db
    .select({ threadId: secureMessages.threadId, messages: count() })
    .from(secureMessages)
    .where(
      and(
        eq(secureMessages.patientId, scope.patientId),
        threadIds ? inArray(secureMessages.threadId, threadIds) : undefined,
      ),
    )
    .groupBy(secureMessages.threadId);
  return new Map(rows.map((row) => [row.threadId, row.messages]));
}

/** A thread's messages, oldest first. */
export function listMessages(db: DbOrTx, scope: PatientScope, threadId: number) {
  return db
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
    .where(and(eq(secureMessages.patientId, scope.patientId), eq(secureMessages.threadId, threadId)))
    .orderBy(asc(secureMessages.sentAt), asc(secureMessages.id));
}

/** The patient's current threads (not archived) with a message not yet read. */
export function countUnreadThreads(db: DbOrTx, scope: PatientScope): Promise<number> {
  return db.$count(
    messageThreadMembers,
    and(
      eq(messageThreadMembers.patientId, scope.patientId),
      eq(messageThreadMembers.areMessagesReviewed, false),
      eq(messageThreadMembers.isArchived, false),
    ),
  );
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
        eq(careTeamMembers.isSecureMessageRecipient, true),
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
