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
import { scopeOf } from '../../platform/access/access-control';
import { patientRoute, type RouteApp } from '../../platform/http/routes';
import { HealthSummaryTransmitService, TRANSMIT_MESSAGES } from './health-summary.transmit';

// POST /api/patients/{patientId}/HealthSummary/{ifSystemId}/{transmitType}: a summary sent by email (through the
// outbox, with the C-CDA and its readable copy attached) or by Direct (S/MIME through the facility's HISP).

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
  `${HEALTH_SUMMARY_EMAIL_AUDIT_EVENT} ({ ifSystemId, ccdaIds, transmitType, recipientDomain }) in one ` +
  'transaction; the text names the account that sent it, quotes the message as its words (web addresses ' +
  'defanged so that they do not open), says that the summary is attached and that email is not secure. Mail counts against the limits every mail shares (per recipient address, per patient, per caller): ' +
  '429 too_many_attempts. Production without SMTP: 503 healthsummarysendfailed.' +
  ' sendSecurely: recipientAddress a Direct address, else 400 naming recipientAddress (“' +
  TRANSMIT_MESSAGES.invalidDirectAddress('{address}') +
  '”); a system marked sendSecurelyDisabled or a portal without Direct: 409 noCcdaConfigured; signed and encrypted ' +
  '(S/MIME) and handed to the facility’s HISP at once. A recipient whose certificate the trust store does not hold: ' +
  '422 healthsummarysendsecurelyfailed, nothing sent; the HISP unreachable or refusing: 502 ' +
  `healthsummarysendsecurelyfailed. ${HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT} is written on success and on ` +
  'failure (with reason). Counted per patient and per caller: 429 too_many_attempts.' +
  ' Answers { transmitType, documentCount }. The patient or an authorised representative; kiosk and link sessions ' +
  '403; anyone else 404.';

export async function healthSummaryTransmitRoutes(app: RouteApp) {
  const { database, config, outbox, limits, direct } = app.deps;
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
