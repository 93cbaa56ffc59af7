import {
  ErrorBodySchema,
  IdempotencyHeaders,
  MessageThreadDetailSchema,
  MessageThreadSchema,
  MessageThreadsSchema,
  NewThreadBodySchema,
  NewThreadParams,
  PatientIdParams,
  ReplyBodySchema,
  SECURE_MESSAGE_ARCHIVE_AUDIT_EVENT,
  SECURE_MESSAGE_LIMITS,
  SECURE_MESSAGE_REVIEW_AUDIT_EVENT,
  SECURE_MESSAGE_SEND_AUDIT_EVENT,
  SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT,
  SECURE_MESSAGE_UNARCHIVE_AUDIT_EVENT,
  SECURE_MESSAGES_VIEW_AUDIT_EVENT,
  SentMessageSchema,
  ThreadParams,
  ThreadPatchSchema,
  ThreadsQuery,
  UnreadCountSchema,
} from '@portal/contracts';
import { PATIENT_COUNT_AUDIT_EVENT, scopeOf } from '../../platform/access/access-control';
import { patientRoute, type RouteApp } from '../../platform/http/routes';
import {
  SECURE_MESSAGE_MESSAGES,
  SECURE_MESSAGE_UNREVIEW_AUDIT_EVENT,
  SecureMessagesService,
} from './secure-messages.service';

const TAGS = ['Secure messages'];
const BASE = '/api/patients/:patientId/SecureMessages';
/** The content type of the PATCH (RFC 6902). */
const JSON_PATCH = 'application/json-patch+json';

/** The tab these routes belong to: the facility must grant it to the caller's kind (403 module_not_granted). */
const GRANT = { module: 'SecureMessages' } as const;

const WHO =
  ' The patient or an authorised representative (a representative writes on the patient’s behalf); kiosk and link ' +
  'sessions 403; anyone else 404 (a patient’s record is not shown to strangers, nor is its existence).';
const DATES =
  ' Dates: dateTime and messageDate are ISO 8601 instants (UTC); datePart (YYYY-MM-DD) and timePart (HH:mm, 24 h) ' +
  'are the same instant on the clock of the patient’s home facility.';
const NOT_FOUND = ` A thread of another patient, or none: 404 not_found (“${SECURE_MESSAGE_MESSAGES.threadNotFound}”).`;
const CONTENT =
  ' content: the message as HTML (the editor’s), cleaned to the toolbar’s allowlist (p, br, strong, em, u, ol, ul, ' +
  'li; b and i become strong and em; every attribute, link, image, style and script removed, a script’s text with ' +
  `it); 1 to ${SECURE_MESSAGE_LIMITS.contentMax} characters a reader sees (markup and line breaks not counted), ` +
  'else 400 validation_failed naming content.';
const IDEMPOTENCY =
  ' Optional header Idempotency-Key (8 to 100 letters, digits, - or _; a UUID fits): the same key again with the ' +
  'same request (a double click, a retry after a timeout) answers 201 with the message stored the first time and ' +
  'stores nothing; the same key with another request is 409 idempotency_key_reused. A key belongs to the user ' +
  'who sends it.';
const SENT =
  ` 201 { threadId, messageId }, with the audit row ${SECURE_MESSAGE_SEND_AUDIT_EVENT} (thread, message, ` +
  'newThread; never the content) in the same transaction; the care provider’s member of the thread becomes unread ' +
  'and the facility’s system gets a message.sent event.';

export async function secureMessageRoutes(app: RouteApp) {
  const service = new SecureMessagesService(app.deps.database.db);
  // The PATCH is a JSON Patch (RFC 6902): read it as JSON (only this module's routes see the type).
  app.addContentTypeParser(JSON_PATCH, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.get(
    BASE,
    patientRoute(
      {
        tags: TAGS,
        summary: 'The patient’s message threads (Current, or Archive too)',
        description:
          'Threads between the patient and their care team, newest message first (lastMessageDate; the same time: ' +
          'the newest thread first). Without includeArchived=true only current threads (the patient’s member not ' +
          'archived); with it, every thread (the browser’s Archive filter shows those whose patient member has ' +
          'isArchived true). members: the patient’s member first (patientId), then the care provider’s ' +
          '(careProviderId); areMessagesReviewed false on the patient’s member means a message from the care team ' +
          'waits to be read by the caller, and its reviewedOnDate is when the caller last read the thread (each ' +
          'reader has their own: the patient’s reading and each representative’s are separate); ' +
          'visibleNumberOfMessages counts the thread’s messages. replyAllowed false: the care team ' +
          'takes no reply in this thread. The browser records the page’s view with ' +
          `${SECURE_MESSAGES_VIEW_AUDIT_EVENT} (POST /api/users/{userId}/audit).` +
          DATES +
          ' includeArchived other than true or false: 400 validation_failed naming includeArchived.' +
          WHO,
        params: PatientIdParams,
        querystring: ThreadsQuery,
        response: { 200: MessageThreadsSchema },
      },
      GRANT,
    ),
    async (request) => service.threads(scopeOf(request), request.query.includeArchived),
  );

  app.get(
    `${BASE}/countUnread`,
    patientRoute(
      {
        tags: TAGS,
        summary: 'How many current threads have a message not yet read (the header badge)',
        description:
          'A bare integer (0 or more): the current threads (the patient’s member not archived) with a message of ' +
          'the care team the caller has not read: the patient’s own count, or the representative’s, never ' +
          'lowered by another reader. Marking a thread reviewed (PATCH .../threads/{threadId}) or archiving it ' +
          'lowers it; a care team message raises it (and brings an archived thread back).' +
          WHO,
        params: PatientIdParams,
        response: { 200: UnreadCountSchema },
      },
      { ...GRANT, auditRead: PATIENT_COUNT_AUDIT_EVENT },
    ),
    async (request) => service.countUnread(scopeOf(request)),
  );

  app.get(
    `${BASE}/threads/:threadId`,
    patientRoute(
      {
        tags: TAGS,
        summary: 'One thread with its messages',
        description:
          'The thread (as in the list) with its messages, oldest first: content (HTML of the toolbar’s allowlist, ' +
          'cleaned when stored), displayDate, messageDate, senderDisplayName, fromPatient (written on the patient’s ' +
          'side), the author’s names (the patient, or the care provider) and, for a message a representative wrote, ' +
          'proxyAuthorFirstName and proxyAuthorLastName (“X on behalf of Y”), else null. Reading marks nothing: the ' +
          'browser marks the thread reviewed with the PATCH. Writes the audit row ' +
          `${SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT} (patient and thread ids, never the content).` +
          DATES +
          NOT_FOUND +
          ' threadId not a positive integer: 400 validation_failed naming threadId.' +
          WHO,
        params: ThreadParams,
        response: { 200: MessageThreadDetailSchema },
      },
      // Reading a thread is audited as itself, not as any read of the record.
      { ...GRANT, auditRead: SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT },
    ),
    async (request) => service.thread(scopeOf(request), request.params.threadId),
  );

  app.patch(
    `${BASE}/threads/:threadId`,
    patientRoute(
      {
        tags: TAGS,
        summary: 'Archive, unarchive or mark reviewed a thread (JSON Patch)',
        description:
          `Content-Type ${JSON_PATCH} (application/json is read the same way). The body is a JSON Patch: 1 to 10 ` +
          'operations, applied in order in one transaction, each { "op": "replace", "path", "value": true|false }: ' +
          'path /isArchived archives (true) or brings back (false) the thread for the patient; path ' +
          '/members/{threadMemberId}/areMessagesReviewed, with the patient’s member of this thread, marks it read ' +
          '(true; reviewedOnDate becomes now) or unread (false) for the caller only: a representative’s reading ' +
          'leaves the patient’s unread, and the patient’s leaves each representative’s their own. Answers 200 with the thread as it is now. Each ' +
          `state that changes writes its audit row: ${SECURE_MESSAGE_ARCHIVE_AUDIT_EVENT}, ` +
          `${SECURE_MESSAGE_UNARCHIVE_AUDIT_EVENT}, ${SECURE_MESSAGE_REVIEW_AUDIT_EVENT} (read; the facility’s ` +
          `system gets message.read, whose actor.relationship says who read: self, the patient; representative) or ${SECURE_MESSAGE_UNREVIEW_AUDIT_EVENT} (unread), with the thread id; a ` +
          'replace that changes nothing writes none. Any other operation is 400 validation_failed naming it by ' +
          'its index: 0.op (not replace), 0.path (another path, or the care provider’s member), 0.value (not a ' +
          'boolean); nothing is changed then.' +
          NOT_FOUND +
          WHO,
        params: ThreadParams,
        consumes: [JSON_PATCH, 'application/json'],
        body: ThreadPatchSchema,
        response: { 200: MessageThreadSchema },
      },
      GRANT,
    ),
    async (request) => service.patch(scopeOf(request), request.params.threadId, request.body),
  );

  app.post(
    `${BASE}/new/:careProviderId`,
    patientRoute(
      {
        tags: TAGS,
        summary: 'Begin a thread with a member of the care team (New Message)',
        description:
          'Body { subject, content }. subject: 1 to ' +
          `${SECURE_MESSAGE_LIMITS.subjectMax} characters once trimmed (inner runs of white space made one space), ` +
          'else 400 validation_failed naming subject.' +
          CONTENT +
          ' The care provider must be one the patient may write to: on the patient’s care team as a secure-message ' +
          'recipient for the patient (secureMessageRecipientForPatient), with a preferred secure-message system ' +
          '(preferredSecureMessageIfSystemId), and not withdrawn by the facility; else 400 recipient_not_allowed ' +
          `naming careProviderId (“${SECURE_MESSAGE_MESSAGES.recipientNotAllowed}”). The new thread takes replies ` +
          'and is current and read for the patient.' +
          SENT +
          IDEMPOTENCY +
          WHO,
        params: NewThreadParams,
        headers: IdempotencyHeaders,
        body: NewThreadBodySchema,
        response: { 201: SentMessageSchema, 409: ErrorBodySchema },
      },
      GRANT,
    ),
    async (request, reply) => {
      const sent = await service.sendNew(
        scopeOf(request),
        request.params.careProviderId,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(201).send(sent);
    },
  );

  app.post(
    `${BASE}/threads/:threadId/messages`,
    patientRoute(
      {
        tags: TAGS,
        summary: 'Reply in a thread',
        description:
          'Body { content }.' +
          CONTENT +
          ' A thread where the care team takes no reply (replyAllowed false): 409 reply_not_allowed ' +
          `(“${SECURE_MESSAGE_MESSAGES.replyNotAllowed}”); a thread the patient archived: 409 thread_archived ` +
          `(“${SECURE_MESSAGE_MESSAGES.threadArchived}”), unarchive it first.` +
          SENT +
          IDEMPOTENCY +
          NOT_FOUND +
          WHO,
        params: ThreadParams,
        headers: IdempotencyHeaders,
        body: ReplyBodySchema,
        response: { 201: SentMessageSchema, 409: ErrorBodySchema },
      },
      GRANT,
    ),
    async (request, reply) => {
      const sent = await service.reply(
        scopeOf(request),
        request.params.threadId,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(201).send(sent);
    },
  );
}
