import { z } from 'zod';
import { FhirQuestionnaireResponseSchema } from './integration-questionnaires';
import { IntegrationEventMessageSchema } from './integration-messages';

// The integration API (/integration/v1): how the facility's own systems put records in and take back what
// patients did. OAuth 2.0 client credentials as in SMART Backend Services. Server-only: the browser never
// calls it.

/** The areas a client may be granted; a route names the one it needs. */
export const INTEGRATION_SCOPES = ['patients', 'clinical', 'content', 'events'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** The signature algorithms SMART Backend Services names for client assertions. */
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'] as const;
/** An access token's lifetime; an assertion may not ask for more than this either. */
export const INTEGRATION_TOKEN_SECONDS = 300;

const text = (max: number) => z.string().max(max);

export const IntegrationTokenRequestSchema = z.object({
  grant_type: text(100).describe("Always 'client_credentials'."),
  scope: text(500)
    .optional()
    .describe(
      `Space-separated areas among ${INTEGRATION_SCOPES.join(', ')} (system/<area>.* is read the same); ` +
        "absent: all of the client's.",
    ),
  client_assertion_type: text(200).optional().describe(`'${JWT_BEARER_ASSERTION_TYPE}' with private_key_jwt.`),
  client_assertion: text(8000)
    .optional()
    .describe(
      'A JWT signed with RS384 or ES384 by a key the client registered: iss and sub the client id, aud this ' +
        'token URL, exp at most 5 minutes ahead, a jti used once.',
    ),
  client_id: text(200).optional().describe('With client_secret, for engines without private_key_jwt.'),
  client_secret: text(200).optional(),
});
export type IntegrationTokenRequest = z.infer<typeof IntegrationTokenRequestSchema>;

export const IntegrationTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type IntegrationToken = z.infer<typeof IntegrationTokenSchema>;

/** The error answer of the token endpoint (RFC 6749 section 5.2), with the API's own fields beside it. */
export const IntegrationTokenErrorSchema = z.object({
  error: z
    .string()
    .describe(
      'invalid_request, invalid_client, unsupported_grant_type or invalid_scope (RFC 6749); bad_request for a ' +
        'body that does not match the schema',
    ),
  error_description: z.string().optional(),
  message: z.string(),
  field: z.string().optional(),
  requestId: z.string(),
});

export const INTEGRATION_EVENT_TYPES = [
  'contact.added',
  'contact.changed',
  'representative.invited',
  'representative.enabled',
  'representative.disabled',
  'account.created',
  'preferred_language.changed',
  'email.changed',
  'document.viewed',
  'questionnaire.completed',
  'questionnaire.declined',
  'message.sent',
  'message.read',
] as const;
export type IntegrationEventType = (typeof INTEGRATION_EVENT_TYPES)[number];

export const IntegrationEventSchema = z.object({
  id: z
    .string()
    .describe('The event id, also the cursor to read after it; a webhook receiver ignores one it has seen.'),
  type: z.enum(INTEGRATION_EVENT_TYPES),
  occurredAt: z.string().describe('ISO 8601, UTC'),
  patient: z.object({ mrn: z.string() }),
  actor: z.object({ relationship: z.string().describe('self, representative, kioskUser or linkUser') }),
  record: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .describe(
      'Identifiers of what was added, changed or viewed: the portal’s (contactId, labResultId, noteId, pageNumber, ' +
        'articleId, assignedQuestionnaireId, threadId, messageId...) and, beside them, yours where you sent the ' +
        'record with one: labResultExternalId, noteExternalId, assignmentExternalId (an assigned article or ' +
        'questionnaire) with articleExternalId or templateExternalId, threadExternalId, inReplyToExternalId ' +
        '(message.sent) and messageExternalId (message.read): the newest of your messages in the thread then. ' +
        'Records the patient made in the portal (contacts, accounts, their own messages) have none: the patient ' +
        'is yours by mrn.',
    ),
  questionnaireResponse: FhirQuestionnaireResponseSchema.optional().describe(
    'questionnaire.completed only: the answers and scores as a FHIR R4 QuestionnaireResponse',
  ),
  message: IntegrationEventMessageSchema.optional().describe(
    'message.sent only: what the patient or representative wrote, with its thread and author',
  ),
});
export type IntegrationEvent = z.infer<typeof IntegrationEventSchema>;

export const INTEGRATION_EVENTS_PAGE_MAX = 500;

export const IntegrationEventsQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'after must be an event id')
    .optional()
    .describe('The id of the last event read; absent: from the first'),
  limit: z.coerce.number().int().min(1).max(INTEGRATION_EVENTS_PAGE_MAX).default(100),
});

export const IntegrationEventsPageSchema = z.object({
  events: z.array(IntegrationEventSchema),
  next: z.string().nullable().describe('The cursor for the next call (the last event id, or the one given)'),
});
