import {
  ErrorBodySchema,
  IntegrationMessageParams,
  IntegrationMessagePutSchema,
  IntegrationProviderMessageSchema,
  SECURE_MESSAGE_LIMITS,
} from '@portal/contracts';
import { integrationCallerOf } from '../../platform/access/access-control';
import { integrationPatientOf } from '../../platform/integration/integration-patients';
import { integrationRoute, type RouteApp } from '../../platform/http/routes';
import { putMessageFromFacility } from './secure-messages.integration';

const TAGS = ['Secure messages'];
const PATH = '/integration/v1/patients/:mrn/messages/:externalId';

/** The care team's messages in through the integration API (scope 'clinical'). */
export async function secureMessageIntegrationRoutes(app: RouteApp) {
  const { config, database, outbox } = app.deps;
  const notices = { outbox, links: config, canSendMail: !(config.env === 'production' && !config.smtpUrl) };

  app.put(
    PATH,
    integrationRoute('clinical', {
      tags: TAGS,
      summary: "Send a care provider's secure message to a patient, under your identifier",
      description:
        'A message a care provider wrote to the patient (MRN at your facility), stored under your own identifier of ' +
        'the message (externalId, unique per patient). thread { subject } begins a new thread between the patient ' +
        'and the provider (providerExternalId, as you put it with PUT /integration/v1/care-providers/{externalId}); ' +
        'thread { threadId } adds the message to one of the patient’s threads, the one a message.sent event named ' +
        '(or an earlier PUT answered), whoever began it. content is HTML, cleaned to the editor’s markup (p, br, ' +
        'strong, em, u, ol, ul, li; b and i become strong and em; everything else, scripts and attributes included, ' +
        "is removed, keeping its text), or plain text with contentFormat 'text' (each line a paragraph, nothing " +
        `taken as markup); 1 to ${SECURE_MESSAGE_LIMITS.contentMax} characters a reader sees. replyAllowed says ` +
        'whether the patient may reply in the thread from now on (a new thread: default true; an existing one keeps ' +
        'its setting when absent). sentAt defaults to now, and may not be more than 5 minutes ahead. The thread becomes unread and current (out of the ' +
        'archive) for the patient at once, and a notice that a new message is waiting (a link, no health ' +
        'information: no subject, content or sender) goes out by email or SMS as the patient chose in their ' +
        'notification settings, within seconds. 201 when the message is stored. A message once stored is ' +
        'never changed: the same externalId again with the same provider, thread and content is a resend (200, ' +
        'created and changed false, nothing stored and no email); with anything else, 409 message_immutable. An ' +
        'unknown field, a missing one or one too long (subject over ' +
        `${SECURE_MESSAGE_LIMITS.subjectMax} characters, content empty) is a 400 validation_failed naming it. ` +
        '404 not_found for an MRN that is not a patient of your facility, a providerExternalId your facility does ' +
        'not have or has withdrawn (field providerExternalId), or a threadId that is not one of this patient’s ' +
        '(field thread.threadId).',
      params: IntegrationMessageParams,
      body: IntegrationProviderMessageSchema,
      response: { 200: IntegrationMessagePutSchema, 201: IntegrationMessagePutSchema, 409: ErrorBodySchema },
    }),
    async (request, reply) => {
      const { mrn, externalId } = request.params;
      const { facilityId } = integrationCallerOf(request);
      const outcome = await database.db.transaction(async (tx) => {
        const patientId = await integrationPatientOf(tx, request, mrn);
        return putMessageFromFacility(tx, notices, { facilityId, patientId, externalId, body: request.body });
      });
      return reply.status(outcome.created ? 201 : 200).send({
        id: outcome.id,
        threadId: outcome.threadId,
        externalId,
        created: outcome.created,
        changed: outcome.changed,
      });
    },
  );
}
