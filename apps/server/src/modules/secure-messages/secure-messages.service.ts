import { createHash } from 'node:crypto';
import {
  SECURE_MESSAGE_ARCHIVE_AUDIT_EVENT,
  SECURE_MESSAGE_REVIEW_AUDIT_EVENT,
  SECURE_MESSAGE_SEND_AUDIT_EVENT,
  SECURE_MESSAGE_UNARCHIVE_AUDIT_EVENT,
  THREAD_PATCH_ARCHIVED_PATH,
  THREAD_PATCH_REVIEWED_PATH,
  type MessageDate,
  type MessageThread,
  type MessageThreadDetail,
  type NewThreadBody,
  type ReplyBody,
  type SecureMessage,
  type SentMessage,
  type ThreadPatch,
} from '@portal/contracts';
import type { Db, Tx } from '../../db/client';
import { actorKey, type PatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { localDate, localTime } from '../../platform/time/time';
import {
  SECURE_MESSAGE_ERROR_MESSAGES,
  addPatientMessage,
  checkedSubject,
  cleanMessageContent,
  setThreadArchived,
  setThreadReviewed,
} from './secure-messages.intake';
import { lockKey } from './secure-messages.intake.repository';
import {
  countUnreadThreads,
  findMessageByIdempotencyKey,
  findThread,
  isMessageRecipient,
  listMessages,
  listThreads,
  type ThreadRow,
} from './secure-messages.repository';

/** Written when the patient's side marks a thread unread again (reading it is SECURE_MESSAGE_REVIEW_AUDIT_EVENT). */
export const SECURE_MESSAGE_UNREVIEW_AUDIT_EVENT = 'securemessageunreviewauditevent';

/** The messages of the patient API's refusals (the browser shows its own texts; these are for API clients). */
export const SECURE_MESSAGE_MESSAGES = {
  threadNotFound: SECURE_MESSAGE_ERROR_MESSAGES.threadNotFound,
  recipientNotAllowed: 'careProviderId: this care team member does not take secure messages from this patient',
  replyNotAllowed: 'The care team does not take replies in this conversation.',
  threadArchived: 'This conversation is archived: unarchive it to reply.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another message; send a new message with a new key.',
  patchOp: (index: number) => `${index}.op: only 'replace' is supported`,
  patchPath: (index: number) =>
    `${index}.path: must be '${THREAD_PATCH_ARCHIVED_PATH}' or '/members/{threadMemberId}/areMessagesReviewed' ` +
    "with the patient's member of this thread",
  patchValue: (index: number) => `${index}.value: must be true or false`,
} as const;

const threadNotFound = () => notFound('not_found', SECURE_MESSAGE_MESSAGES.threadNotFound);

/** A digest of what a send asked for (patient, recipient or thread, subject, cleaned content): same key, same ask. */
export function sendRequestHash(request: {
  patientId: number;
  careProviderId?: number;
  threadId?: number;
  subject?: string;
  content: string;
}): string {
  const canonical = [
    request.patientId,
    request.careProviderId ?? null,
    request.threadId ?? null,
    request.subject ?? null,
    request.content,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

/** An instant on the facility's clock: YYYY-MM-DD and HH:mm (24 h). */
export function messageDateOf(at: Date, timeZoneId: string): MessageDate {
  return {
    datePart: localDate(at, timeZoneId),
    timePart: localTime(at, timeZoneId),
  };
}

/**
 * The patient's side of a thread as the API answers it: the patient's member first, then the care provider's. The
 * patient's member's areMessagesReviewed and reviewedOnDate are the caller's own (the patient's, or the
 * representative's): one reader's reading never marks a thread read for another.
 */
function threadOf(row: ThreadRow, scope: PatientScope): MessageThread {
  const { patientMember, providerMember, patient, messages, reader } = row;
  return {
    threadId: row.id,
    subjectText: row.subject,
    lastMessageDate: {
      ...messageDateOf(row.lastMessageAt, patient.timeZoneId),
      dateTime: row.lastMessageAt.toISOString(),
    },
    replyAllowed: row.replyAllowed,
    referencedPatientId: scope.patientId,
    referencedPatientDateOfBirth: patient.dateOfBirth,
    members: [
      {
        threadMemberId: patientMember.id,
        patientId: scope.patientId,
        firstName: patient.firstName,
        lastName: patient.lastName,
        isArchived: patientMember.isArchived,
        areMessagesReviewed: reader.reviewed,
        visibleNumberOfMessages: messages,
        statusData: { reviewedOnDate: reader.reviewedAt?.toISOString() ?? null },
      },
      {
        threadMemberId: providerMember.id,
        careProviderId: providerMember.careProviderId ?? row.careProviderId,
        firstName: row.providerFirstName,
        lastName: row.providerLastName,
        isArchived: providerMember.isArchived,
        areMessagesReviewed: providerMember.areMessagesReviewed,
        visibleNumberOfMessages: messages,
        statusData: { reviewedOnDate: providerMember.reviewedAt?.toISOString() ?? null },
      },
    ],
  };
}

type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

function messageOf(row: MessageRow, timeZoneId: string): SecureMessage {
  return {
    messageId: row.id,
    content: row.content,
    displayDate: messageDateOf(row.sentAt, timeZoneId),
    messageDate: row.sentAt.toISOString(),
    senderDisplayName: row.senderDisplayName,
    fromPatient: row.fromPatient,
    authorFirstName: row.authorFirstName,
    authorLastName: row.authorLastName,
    proxyAuthorFirstName: row.proxyAuthorFirstName,
    proxyAuthorLastName: row.proxyAuthorLastName,
  };
}

/** One operation of a thread's JSON Patch, checked: what it sets. */
type ThreadChange = { kind: 'archived'; value: boolean } | { kind: 'reviewed'; memberId: number; value: boolean };

/** The operations of a PATCH, or a 400 naming the first one at fault (0.op, 1.path, 0.value). */
export function readThreadPatch(patch: ThreadPatch): ThreadChange[] {
  return patch.map((operation, index) => {
    if (operation.op !== 'replace')
      throw badRequest('validation_failed', SECURE_MESSAGE_MESSAGES.patchOp(index), `${index}.op`);
    const reviewed = THREAD_PATCH_REVIEWED_PATH.exec(operation.path);
    if (operation.path !== THREAD_PATCH_ARCHIVED_PATH && !reviewed) {
      throw badRequest('validation_failed', SECURE_MESSAGE_MESSAGES.patchPath(index), `${index}.path`);
    }
    if (typeof operation.value !== 'boolean') {
      throw badRequest('validation_failed', SECURE_MESSAGE_MESSAGES.patchValue(index), `${index}.value`);
    }
    return reviewed
      ? { kind: 'reviewed', memberId: Number(reviewed[1]), value: operation.value }
      : { kind: 'archived', value: operation.value };
  });
}

export class SecureMessagesService {
  constructor(private readonly db: Db) {}

  /** The patient's threads, newest message first; archived ones only when asked. One statement, whatever the count. */
  async threads(scope: PatientScope, includeArchived: boolean): Promise<MessageThread[]> {
    const rows = await listThreads(this.db, scope, includeArchived);
    return rows.map((row) => threadOf(row, scope));
  }

  /** One thread with its messages, oldest first. Reading it marks nothing (the browser sends the PATCH). */
  async thread(scope: PatientScope, threadId: number): Promise<MessageThreadDetail> {
    const [row, messages] = await Promise.all([
      findThread(this.db, scope, threadId),
      listMessages(this.db, scope, threadId),
    ]);
    if (!row) throw threadNotFound();
    return {
      ...threadOf(row, scope),
      messages: messages.map((message) => messageOf(message, row.patient.timeZoneId)),
    };
  }

  countUnread(scope: PatientScope): Promise<number> {
    return countUnreadThreads(this.db, scope);
  }

  /**
   * Applies a thread's JSON Patch in order, in one transaction with an audit row for each state that changed;
   * answers the thread as it is now. Archiving is the patient's member's (everyone on the patient's side); marking
   * read or unread is the caller's own read state.
   */
  async patch(scope: PatientScope, threadId: number, patch: ThreadPatch, now = new Date()): Promise<MessageThread> {
    const changes = readThreadPatch(patch);
    return this.db.transaction(async (tx) => {
      const row = await findThread(tx, scope, threadId);
      if (!row) throw threadNotFound();
      for (const [index, change] of changes.entries()) {
        if (change.kind === 'archived') {
          if (await setThreadArchived(tx, scope.patientId, threadId, change.value)) {
            const event = change.value ? SECURE_MESSAGE_ARCHIVE_AUDIT_EVENT : SECURE_MESSAGE_UNARCHIVE_AUDIT_EVENT;
            await audit(tx, scope, event, { threadId });
          }
          continue;
        }
        if (change.memberId !== row.patientMember.id) {
          throw badRequest('validation_failed', SECURE_MESSAGE_MESSAGES.patchPath(index), `${index}.path`);
        }
        if (await setThreadReviewed(tx, scope.patientId, threadId, actorKey(scope), change.value, now)) {
          const event = change.value ? SECURE_MESSAGE_REVIEW_AUDIT_EVENT : SECURE_MESSAGE_UNREVIEW_AUDIT_EVENT;
          await audit(tx, scope, event, { threadId });
        }
      }
      const updated = await findThread(tx, scope, threadId);
      if (!updated) throw threadNotFound();
      return threadOf(updated, scope);
    });
  }

  /** A new thread to a care provider the patient may write to (spec 002: New message). */
  async sendNew(
    scope: PatientScope,
    careProviderId: number,
    body: NewThreadBody,
    idempotencyKey: string | undefined,
    now = new Date(),
  ): Promise<SentMessage> {
    const subject = checkedSubject(body.subject);
    const content = cleanMessageContent(body.content);
    const requestHash = sendRequestHash({ patientId: scope.patientId, careProviderId, subject, content });
    return this.send(scope, idempotencyKey, requestHash, true, async (tx, authorUserId) => {
      if (!(await isMessageRecipient(tx, scope, careProviderId))) {
        throw badRequest('recipient_not_allowed', SECURE_MESSAGE_MESSAGES.recipientNotAllowed, 'careProviderId');
      }
      return addPatientMessage(
        tx,
        scope.patientId,
        { authorUserId, thread: { careProviderId, subject }, content, idempotencyKey, requestHash },
        now,
      );
    });
  }

  /** A reply in one of the patient's threads: only where the care team takes replies and the thread is current. */
  async reply(
    scope: PatientScope,
    threadId: number,
    body: ReplyBody,
    idempotencyKey: string | undefined,
    now = new Date(),
  ): Promise<SentMessage> {
    const content = cleanMessageContent(body.content);
    const requestHash = sendRequestHash({ patientId: scope.patientId, threadId, content });
    return this.send(scope, idempotencyKey, requestHash, false, async (tx, authorUserId) => {
      const thread = await findThread(tx, scope, threadId);
      if (!thread) throw threadNotFound();
      if (!thread.replyAllowed) throw new AppError(409, 'reply_not_allowed', SECURE_MESSAGE_MESSAGES.replyNotAllowed);
      if (thread.patientMember.isArchived) {
        throw new AppError(409, 'thread_archived', SECURE_MESSAGE_MESSAGES.threadArchived);
      }
      return addPatientMessage(
        tx,
        scope.patientId,
        { authorUserId, thread: { threadId }, content, idempotencyKey, requestHash },
        now,
      );
    });
  }

  /**
   * One send, in one transaction with its audit row. With an idempotency key, the key is locked first (a second
   * request with it waits for the first to commit), then looked up: the same request again answers the message
   * stored the first time and writes nothing; another request under the same key is a 409.
   */
  private send(
    scope: PatientScope,
    idempotencyKey: string | undefined,
    requestHash: string,
    newThread: boolean,
    write: (tx: Tx, authorUserId: number) => Promise<{ threadId: number; messageId: number }>,
  ): Promise<SentMessage> {
    const authorUserId = scope.caller.userId;
    // Only the patient and representatives reach here (patientRoute): both have a user.
    if (authorUserId === null) throw new Error('A secure message needs a user as its author');
    return this.db.transaction(async (tx) => {
      if (idempotencyKey) {
        await lockKey(tx, `secure-message:idempotency:${authorUserId}:${idempotencyKey}`);
        const earlier = await findMessageByIdempotencyKey(tx, authorUserId, idempotencyKey);
        if (earlier) {
          if (earlier.requestHash !== requestHash) {
            throw new AppError(409, 'idempotency_key_reused', SECURE_MESSAGE_MESSAGES.idempotencyKeyReused);
          }
          return { threadId: earlier.threadId, messageId: earlier.id };
        }
      }
      const sent = await write(tx, authorUserId);
      await audit(tx, scope, SECURE_MESSAGE_SEND_AUDIT_EVENT, { ...sent, newThread });
      return sent;
    });
  }
}
