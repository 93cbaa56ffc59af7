import {
  SECURE_MESSAGE_LIMITS,
  normalizeSubject,
  plainTextToHtml,
  subjectLength,
  visibleTextLength,
} from '@portal/contracts';
import type { Tx } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors/app-error';
import { messageTextOf, sanitizeMessageHtml } from '../../platform/content/sanitize';
import {
  findActiveProvider,
  findMessageByExternalId,
  findPatientForMessages,
  findPatientThread,
  findThreadByExternalId,
  findUserNames,
  insertMessage,
  insertThreadWithMembers,
  lockKey,
  markMessageArrived,
  markThreadRead,
  markThreadUnread,
  touchThread,
  updatePatientMemberArchived,
} from './secure-messages.intake.repository';
import type { IntegrationPatientId } from '../../platform/integration/integration-patients';

// The message store (docs/adr/0011-secure-messages.md): how the patient API, the integration API (a care provider's
// message) and the demo write threads and messages. The caller owns the transaction, so a thread, its members and
// its first message are written together or not at all. No audit rows here: each caller audits its own action.
// Read state on the patient's side is each reader's own: 'patient' (the patient's own account) or 'user:<id>' (a
// representative), the key platform/access actorKey gives a scope.

export const SECURE_MESSAGE_ERROR_MESSAGES = {
  threadNotFound: 'This message thread was not found.',
  providerNotFound: 'This care provider is not one of your facility’s care providers (or has been withdrawn).',
  messageImmutable:
    'A message with this externalId is already stored with other content or in another thread; a message once ' +
    'stored is never changed.',
  contentLength: (field: string) =>
    `${field}: a message must have 1 to ${SECURE_MESSAGE_LIMITS.contentMax} characters a reader sees ` +
    '(markup and line breaks not counted)',
  subjectLength: (field: string) => `${field}: a subject must have 1 to ${SECURE_MESSAGE_LIMITS.subjectMax} characters`,
} as const;

/** A care provider's message as the facility's system sends it (integration API) or the demo writes it. */
export interface ProviderMessageRecord {
  /** Portal id of the provider (callers resolve the facility's identifiers). */
  careProviderId: number;
  thread: { subject: string; externalId?: string | null } | { threadId: number };
  /** As sent: HTML, or plain text when contentFormat is 'text'. */
  content: string;
  contentFormat: 'html' | 'text';
  /** New thread: default true; existing thread: unchanged when absent. */
  replyAllowed?: boolean;
  /** Default now. */
  sentAt?: Date;
}

export interface ProviderMessageOutcome {
  id: number;
  threadId: number;
  created: boolean;
  changed: boolean;
  newThread: boolean;
}

/** A message written on the patient's side: by the patient's own user, or by a representative ('on behalf of'). */
export interface PatientMessageRecord {
  authorUserId: number;
  thread: { careProviderId: number; subject: string } | { threadId: number };
  /** HTML as the editor sends it (cleaned and checked here). */
  content: string;
  sentAt?: Date;
  idempotencyKey?: string | null;
  requestHash?: string | null;
}

/**
 * A message's HTML as stored: cleaned to the toolbar's allowlist (plain text made paragraphs first). Its visible
 * text must have 1 to 2000 characters (markup and line breaks not counted), else a 400 naming `field`.
 */
export function cleanMessageContent(content: string, format: 'html' | 'text' = 'html', field = 'content'): string {
  const clean = sanitizeMessageHtml(format === 'text' ? plainTextToHtml(content) : content);
  const length = visibleTextLength(messageTextOf(clean));
  if (length < 1 || length > SECURE_MESSAGE_LIMITS.contentMax) {
    throw badRequest('validation_failed', SECURE_MESSAGE_ERROR_MESSAGES.contentLength(field), field);
  }
  return clean;
}

/** A subject as stored (trimmed, white space runs made one space); 1 to 100 characters, else a 400 naming `field`. */
export function checkedSubject(subject: string, field = 'subject'): string {
  const length = subjectLength(subject);
  if (length < 1 || length > SECURE_MESSAGE_LIMITS.subjectMax) {
    throw badRequest('validation_failed', SECURE_MESSAGE_ERROR_MESSAGES.subjectLength(field), field);
  }
  return normalizeSubject(subject);
}

/** 'First Last', plus ', Suffix' when the provider has one (MD, RN): how the patient sees who wrote. */
export function providerDisplayName(provider: { firstName: string; lastName: string; suffix: string | null }) {
  const name = `${provider.firstName} ${provider.lastName}`;
  return provider.suffix ? `${name}, ${provider.suffix}` : name;
}

async function patientOf(tx: Tx, patientId: number) {
  const patient = await findPatientForMessages(tx, patientId);
  if (!patient) throw new Error(`Patient ${patientId} was not found`);
  return patient;
}

async function providerOf(tx: Tx, facilityId: number, careProviderId: number) {
  const provider = await findActiveProvider(tx, facilityId, careProviderId);
  if (!provider) {
    throw new AppError(404, 'not_found', SECURE_MESSAGE_ERROR_MESSAGES.providerNotFound, 'careProviderId');
  }
  return provider;
}

async function threadOf(tx: Tx, patientId: number, threadId: number, field?: string) {
  const thread = await findPatientThread(tx, patientId, threadId);
  if (!thread) throw new AppError(404, 'not_found', SECURE_MESSAGE_ERROR_MESSAGES.threadNotFound, field);
  return thread;
}

/**
 * Stores a provider's message under the facility's identifier `externalId` (null: none, always new).
 *
 * - externalId already stored for this patient: the same thread and content is a resend ({ created: false,
 *   changed: false }, nothing written); anything else is a 409 message_immutable.
 * - { subject } begins a new thread with its two members (the provider's read); when the
 *   facility names the thread (externalId) and the patient already has a thread under that name, the message goes
 *   into that one.
 * - { threadId }: a thread of this patient (else 404 not_found); replyAllowed applied when given.
 * - Either way the message is unread for every reader on the patient's side (none has read it), the thread is
 *   current again (a provider message brings an archived thread back), and its time moves to the message's if
 *   later.
 * - The provider must be one of the patient's facility and not withdrawn (else 404 naming careProviderId).
 */
export async function putProviderMessage(
  tx: Tx,
  patientId: IntegrationPatientId,
  externalId: string | null,
  record: ProviderMessageRecord,
  now = new Date(),
): Promise<ProviderMessageOutcome> {
  const content = cleanMessageContent(record.content, record.contentFormat);
  const subject = 'subject' in record.thread ? checkedSubject(record.thread.subject, 'thread.subject') : null;
  const patient = await patientOf(tx, patientId);
  const provider = await providerOf(tx, patient.facilityId, record.careProviderId);
  const sentAt = record.sentAt ?? now;

  if (externalId !== null) {
    // A resend racing its first delivery waits here, then finds the message stored.
    await lockKey(tx, `secure-message:provider:${patientId}:${externalId}`);
    const existing = await findMessageByExternalId(tx, patientId, externalId);
    if (existing) {
      const sameThread =
        'threadId' in record.thread
          ? existing.threadId === record.thread.threadId
          : existing.threadSubject === subject &&
            (record.thread.externalId == null || record.thread.externalId === existing.threadExternalId);
      if (sameThread && existing.content === content && existing.careProviderId === provider.id) {
        return { id: existing.id, threadId: existing.threadId, created: false, changed: false, newThread: false };
      }
      throw new AppError(409, 'message_immutable', SECURE_MESSAGE_ERROR_MESSAGES.messageImmutable);
    }
  }

  let threadId: number;
  let newThread = false;
  if ('threadId' in record.thread) {
    threadId = (await threadOf(tx, patientId, record.thread.threadId, 'thread.threadId')).id;
    await touchThread(tx, patientId, threadId, sentAt, record.replyAllowed);
    await markMessageArrived(tx, patientId, threadId, false, sentAt);
  } else {
    const threadExternalId = record.thread.externalId ?? null;
    if (threadExternalId !== null) await lockKey(tx, `secure-message:thread:${patientId}:${threadExternalId}`);
    const named = threadExternalId === null ? undefined : await findThreadByExternalId(tx, patientId, threadExternalId);
    if (named) {
      threadId = named.id;
      await touchThread(tx, patientId, threadId, sentAt, record.replyAllowed);
      await markMessageArrived(tx, patientId, threadId, false, sentAt);
    } else {
      threadId = await insertThreadWithMembers(
        tx,
        {
          patientId,
          careProviderId: provider.id,
          subject: subject ?? '',
          replyAllowed: record.replyAllowed ?? true,
          externalId: threadExternalId,
          createdAt: sentAt,
          lastMessageAt: sentAt,
        },
        { areMessagesReviewed: true },
      );
      newThread = true;
    }
  }

  const id = await insertMessage(tx, {
    threadId,
    patientId,
    fromPatient: false,
    careProviderId: provider.id,
    authorFirstName: provider.firstName,
    authorLastName: provider.lastName,
    senderDisplayName: providerDisplayName(provider),
    content,
    sentAt,
    externalId,
  });
  return { id, threadId, created: true, changed: true, newThread };
}

/**
 * Stores a message written on the patient's side. No audit row and no recipient or reply rules: the service
 * checks those first, the demo needs none. A new thread gets both members (the provider's unread); in an existing
 * one the thread's time moves and the provider's member becomes unread. The writer has read the thread, their new
 * message included (at sentAt); the other readers' state is theirs. author_* are the patient's names;
 * proxy_author_* the representative's when `authorUserId` is not the patient's own user.
 */
export async function addPatientMessage(
  tx: Tx,
  patientId: number,
  record: PatientMessageRecord,
  now = new Date(),
): Promise<{ threadId: number; messageId: number }> {
  const content = cleanMessageContent(record.content);
  const subject = 'subject' in record.thread ? checkedSubject(record.thread.subject) : null;
  const patient = await patientOf(tx, patientId);
  const proxy = patient.userId === record.authorUserId ? undefined : await findUserNames(tx, record.authorUserId);
  if (patient.userId !== record.authorUserId && !proxy) throw new Error(`User ${record.authorUserId} was not found`);
  const sentAt = record.sentAt ?? now;

  let threadId: number;
  if ('threadId' in record.thread) {
    threadId = (await threadOf(tx, patientId, record.thread.threadId)).id;
    await touchThread(tx, patientId, threadId, sentAt);
    await markMessageArrived(tx, patientId, threadId, true, sentAt);
  } else {
    const provider = await providerOf(tx, patient.facilityId, record.thread.careProviderId);
    threadId = await insertThreadWithMembers(
      tx,
      {
        patientId,
        careProviderId: provider.id,
        subject: subject ?? '',
        replyAllowed: true,
        createdAt: sentAt,
        lastMessageAt: sentAt,
      },
      { areMessagesReviewed: false },
    );
  }

  const messageId = await insertMessage(tx, {
    threadId,
    patientId,
    fromPatient: true,
    authorUserId: record.authorUserId,
    authorFirstName: patient.firstName,
    authorLastName: patient.lastName,
    proxyAuthorFirstName: proxy?.firstName ?? null,
    proxyAuthorLastName: proxy?.lastName ?? null,
    senderDisplayName: `${patient.firstName} ${patient.lastName}`,
    content,
    sentAt,
    idempotencyKey: record.idempotencyKey ?? null,
    requestHash: record.requestHash ?? null,
  });
  await markThreadRead(tx, patientId, threadId, readerOfUser(patient.userId, record.authorUserId), sentAt);
  return { threadId, messageId };
}

/** Archives (true) or brings back (false) the patient's member of the patient's thread; whether it changed. */
export function setThreadArchived(tx: Tx, patientId: number, threadId: number, archived: boolean): Promise<boolean> {
  return updatePatientMemberArchived(tx, patientId, threadId, archived);
}

/** The reader key of a user on the patient's side: 'patient' for the patient's own user, else 'user:<id>'. */
export function readerOfUser(patientUserId: number | null, userId: number): string {
  return patientUserId === userId ? 'patient' : `user:${userId}`;
}

/**
 * Marks the patient's thread read (every message in it, at `at`) or unread (the care team's newest message) for
 * one reader ('patient' or 'user:<id>'), the others' state untouched; whether it changed for them.
 */
export function setThreadReviewed(
  tx: Tx,
  patientId: number,
  threadId: number,
  reader: string,
  reviewed: boolean,
  at = new Date(),
): Promise<boolean> {
  return reviewed
    ? markThreadRead(tx, patientId, threadId, reader, at)
    : markThreadUnread(tx, patientId, threadId, reader);
}
