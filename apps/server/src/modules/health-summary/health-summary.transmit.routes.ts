import {
  ErrorBodySchema,
  HEALTH_SUMMARY_EMAIL_AUDIT_EVENT,
  HEALTH_SUMMARY_LIMITS,
  HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT,
  HealthSummaryTransmitBodySchema,
  HealthSummaryTransmitParams,
  HealthSummaryTransmitQuerySchema,
  HealthSummaryTransmitResultSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { integrationCallerOf, scopeOf } from '../../platform/access/access-control';
import { AppError } from '../../platform/errors/app-error';
import { integrationRoute, patientRoute, type RouteApp } from '../../platform/http/routes';
import { HealthSummaryTransmitService, receiveDirectNotification, TRANSMIT_MESSAGES } from './health-summary.transmit';

// POST /api/patients/{patientId}/HealthSummary/{ifSystemId}/{transmitType}: a summary sent by email (through the
// outbox, with the C-CDA and its readable copy attached) or by Direct (S/MIME through the facility's HISP).
// POST /integration/v1/direct/notifications: the delivery notifications (MDN, DSN) that come back for a Direct send,
// handed on by whatever receives the facility's Direct mail (its HISP's API, a mailbox poller), scope 'clinical'.

const TAGS = ['Health summary'];

const DESCRIPTION =
  'Body: identifier { ccdaId } (one document of the system) or { startDate, endDate } (YYYY-MM-DD, every document ' +
  'of the system written in the range, a start after the end swapped; neither: 400 naming identifier.startDate or ' +
  `identifier.endDate), recipientAddress, messageText (optional, at most ${HEALTH_SUMMARY_LIMITS.messageMaxLength} ` +
  'characters), senderAddress (email only, optional: when given it must be the account’s confirmed address); patientId, ifSystemId and transmitType when given must be the path’s ' +
  '(400 naming the field). Attachments: one document as its C-CDA XML (HealthSummary_{date}_{ccdaId}.xml, as the ' +
  'system sent it) and its PDF; several as one zip holding both for each. The message around them is in ?language, ' +
  'else the user’s saved language, else Accept-Language, else the facility’s. No document found: 404 not_found.' +
  ' email: recipientAddress required and valid, else 400 validation_failed naming it; a senderAddress that is not ' +
  'the account’s confirmed email address: 400 naming senderAddress. Queued in the outbox (From the portal’s ' +
  'address, Reply-To the account’s confirmed address, none without one) with the audit row ' +
  `${HEALTH_SUMMARY_EMAIL_AUDIT_EVENT} ({ ifSystemId, ccdaIds, transmitType, recipientAddress, recipientDomain }: ` +
  'the activity log names the addressee) in one ' +
  'transaction; the text names the account that sent it, quotes the message as its words (web addresses ' +
  'defanged so that they do not open), says that the summary is attached and that email is not secure. Mail counts against the limits every mail shares (per recipient address, per patient, per caller): ' +
  '429 too_many_attempts. Production without SMTP: 503 healthsummarysendfailed.' +
  ' sendSecurely: recipientAddress a Direct address, else 400 naming recipientAddress (“' +
  TRANSMIT_MESSAGES.invalidDirectAddress('{address}') +
  '”); a system marked sendSecurelyDisabled or a portal without Direct: 409 noCcdaConfigured; signed and encrypted ' +
  '(S/MIME: DIRECT_MODE=smime) or handed plain to the facility’s HISP account to do so (DIRECT_MODE=hisp), at once; ' +
  'several documents as one IHE XDM zip. A recipient without a usable certificate (none in the trust folder nor ' +
  'found by DNS CERT or LDAP against the trust anchors, one that does not chain to them, a lookup that failed, or ' +
  'the HISP refusing the recipient): 422 healthsummarysendsecurelyfailed naming recipientAddress, with a message ' +
  'that says what to do, nothing sent; the HISP unreachable or refusing: 502 ' +
  `healthsummarysendsecurelyfailed. ${HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT} is written on success and on ` +
  'failure (with reason), naming the addressee as the email’s does. Counted per patient and per caller: 429 ' +
  'too_many_attempts.' +
  ' Answers { transmitType, documentCount }. The patient or an authorised representative; kiosk and link sessions ' +
  '403; anyone else 404.';

const NOTIFICATION_TYPES = ['message/rfc822', 'application/pkcs7-mime', 'application/octet-stream'] as const;
const MAX_NOTIFICATION_BYTES = 1024 * 1024;

const NotificationResultSchema = z.object({
  outcome: z
    .enum(['recorded', 'unchanged', 'unknown_message'])
    .describe('recorded: the send took the new status; unchanged: it had it or a final one; unknown_message: no send'),
  status: z.enum(['sent', 'processed', 'delivered', 'failed']).optional().describe('The send’s status now'),
});

const NOTIFICATION_DESCRIPTION =
  'The body is one message as the facility’s Direct address received it (RFC 5322, sent as ' +
  `${NOTIFICATION_TYPES.join(', ')}, else 415 unsupported_media_type; at most 1 MiB, else 413): a delivery notification for a health summary the portal sent ` +
  'by Direct. An MDN (multipart/report; report-type=disposition-notification) names the message by ' +
  'Original-Message-ID: processed makes the send processed, dispatched or displayed makes it delivered, failed, ' +
  'deleted or denied makes it failed; a DSN (report-type=delivery-status) whose Action is failed makes it failed. ' +
  'Delivered and failed are final; each change is an activity row of the patient ' +
  '(healthsummarysendsecurelyauditevent, failure for failed). In DIRECT_MODE=smime a notification may come ' +
  'encrypted to the facility’s certificate: it is opened and its signer must chain to the trust anchors or be in ' +
  'the trust folder and be bound to the sender. An MDN from another domain than the send’s recipient, or naming no ' +
  'send of your facility, answers unknown_message. Not a notification, or one that cannot be opened: 400 ' +
  'invalid_notification naming body. A portal without Direct: 409 noCcdaConfigured.';

export async function healthSummaryTransmitRoutes(app: RouteApp) {
  const { database, config, outbox, limits, direct } = app.deps;

  // A notification is a whole message, read as bytes here only (these types reach no other route).
  app.addContentTypeParser([...NOTIFICATION_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/integration/v1/direct/notifications',
    {
      bodyLimit: MAX_NOTIFICATION_BYTES,
      // Before the body is read: JSON or a form is no message (and must not reach a parser).
      preParsing: async (request) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) {
          throw new AppError(
            415,
            'unsupported_media_type',
            `Send the notification as ${NOTIFICATION_TYPES.join(', ')}.`,
          );
        }
      },
      ...integrationRoute('clinical', {
        tags: ['Direct'],
        summary: 'Hand on a delivery notification (MDN or DSN) of a Direct send',
        description: NOTIFICATION_DESCRIPTION,
        consumes: [...NOTIFICATION_TYPES],
        response: { 200: NotificationResultSchema, 409: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema },
      }),
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError(400, 'invalid_notification', 'Send the notification message as the body.', 'body');
      }
      return receiveDirectNotification(database.db, direct, body, integrationCallerOf(request).facilityId);
    },
  );

  const service = new HealthSummaryTransmitService({
    db: database.db,
    config,
    outbox,
    limits,
    direct,
    log: app.log,
  });

  app.post(
    '/api/patients/:patientId/HealthSummary/:ifSystemId/:transmitType',
    patientRoute({
      tags: TAGS,
      summary: 'Send a summary by email or securely by Direct',
      description: DESCRIPTION,
      params: HealthSummaryTransmitParams,
      querystring: HealthSummaryTransmitQuerySchema,
      body: HealthSummaryTransmitBodySchema,
      response: {
        200: HealthSummaryTransmitResultSchema,
        409: ErrorBodySchema,
        422: ErrorBodySchema,
        429: ErrorBodySchema,
        502: ErrorBodySchema,
        503: ErrorBodySchema,
      },
    }),
    async (request) =>
      service.send({
        scope: scopeOf(request),
        patientId: request.params.patientId,
        ifSystemId: request.params.ifSystemId,
        transmitType: request.params.transmitType,
        body: request.body,
        language: {
          caller: request.caller,
          requested: request.query.language,
          acceptLanguage: request.headers['accept-language'],
        },
        ip: request.ip,
      }),
  );
}
