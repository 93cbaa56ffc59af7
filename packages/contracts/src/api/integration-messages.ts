import { z } from 'zod';
import { SECURE_MESSAGE_LIMITS } from '../constants/secure-messages';
import { LIMITS } from '../constants/limits';
import { INTEGRATION_EXTERNAL_ID_PATTERN } from './integration-clinical';

// The care team's side of secure messages through the integration API (scope 'clinical'): a message a provider
// wrote, put under the facility's own identifier of the message. It begins a thread with the patient, or goes
// into a thread the events named (threadId). What patients and representatives write goes out as message.sent
// events. Server-only: the browser never calls it.

const externalId = (what: string) =>
  z
    .string()
    .regex(
      INTEGRATION_EXTERNAL_ID_PATTERN,
      `${what} must be 1 to 200 letters, digits or . _ ~ : @ ^ | + = - characters`,
    );

export const IntegrationMessageParams = z.object({
  mrn: z.string().trim().min(1).max(LIMITS.mrnMax).describe("The patient's medical record number at the facility"),
  externalId: externalId('externalId').describe('Your identifier of the message (unique per patient)'),
});

export const INTEGRATION_MESSAGE_FORMATS = ['html', 'text'] as const;

export const IntegrationNewThreadSchema = z.strictObject({
  subject: z
    .string()
    .trim()
    .min(1)
    .max(SECURE_MESSAGE_LIMITS.subjectMax)
    .describe(`The thread's subject, 1 to ${SECURE_MESSAGE_LIMITS.subjectMax} characters`),
});

export const IntegrationExistingThreadSchema = z.strictObject({
  threadId: z
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .describe('The portal id of the thread (from a message.sent event or an earlier put)'),
});

export const IntegrationProviderMessageSchema = z.strictObject({
  providerExternalId: externalId('providerExternalId').describe(
    'Your identifier of the care provider who wrote it (PUT .../care-providers/{externalId})',
  ),
  thread: z
    .union([IntegrationNewThreadSchema, IntegrationExistingThreadSchema], {
      error: 'thread must be { "subject": … } (a new thread) or { "threadId": … } (one of the patient’s threads)',
    })
    .describe('{ subject } begins a new thread with the patient; { threadId } adds to one of the patient’s threads'),
  content: z
    .string()
    .min(1)
    .max(SECURE_MESSAGE_LIMITS.contentHtmlMax)
    .describe(
      `The message: HTML (cleaned to p, br, strong, em, u, ol, ul, li; b and i taken as strong and em) or plain ` +
        `text (contentFormat 'text': each line a paragraph). 1 to ${SECURE_MESSAGE_LIMITS.contentMax} characters a ` +
        'reader sees.',
    ),
  contentFormat: z.enum(INTEGRATION_MESSAGE_FORMATS).default('html'),
  replyAllowed: z
    .boolean()
    .optional()
    .describe(
      'Whether the patient may reply in the thread from now on; a new thread defaults to true, an existing one keeps its setting',
    ),
  sentAt: z.iso.datetime({ offset: true }).optional().describe('When the provider wrote it (ISO 8601); default now'),
});
export type IntegrationProviderMessage = z.infer<typeof IntegrationProviderMessageSchema>;

export const IntegrationMessagePutSchema = z.object({
  id: z.number().int().describe("The portal's id of the message (messageId in events)"),
  threadId: z.number().int().describe("The portal's id of the thread"),
  externalId: z.string(),
  created: z
    .boolean()
    .describe('True when this PUT stored the message (201), false for a resend of the same one (200)'),
  changed: z.boolean().describe('False for a resend: a message once stored is never changed'),
});
export type IntegrationMessagePut = z.infer<typeof IntegrationMessagePutSchema>;

/** What message.sent carries: the message a patient or representative wrote, for your system to route. */
export const IntegrationEventMessageSchema = z.object({
  threadId: z.number().int(),
  threadExternalId: z
    .string()
    .nullable()
    .describe(
      'The thread’s identifier of yours where it has one, else null (PUT …/messages names messages, not threads)',
    ),
  messageId: z.number().int(),
  subject: z
    .string()
    .describe(
      'Plain text as typed (contentTypes.subject): characters such as < and & are the writer’s own, not markup; ' +
        'escape them before putting the subject in HTML',
    ),
  content: z.string().describe('HTML as stored (the toolbar’s allowlist only; contentTypes.content)'),
  text: z
    .string()
    .describe(
      'The same as plain text, each paragraph or list item on a line of its own (contentTypes.text): escape it ' +
        'before putting it in HTML',
    ),
  contentTypes: z
    .object({
      subject: z.literal('text/plain'),
      content: z.literal('text/html'),
      text: z.literal('text/plain'),
    })
    .describe('The media type of each of subject, content and text, so that no receiver takes plain text for HTML'),
  sentAt: z.string().describe('ISO 8601, UTC'),
  newThread: z.boolean().describe('True when this message began the thread'),
  provider: z.object({
    careProviderId: z.number().int(),
    externalId: z.string().nullable().describe('Your identifier of the care provider the thread is with'),
  }),
  author: z.object({
    firstName: z.string(),
    lastName: z.string(),
    relationship: z.string().describe("'self' (the patient) or 'representative' (writing on the patient's behalf)"),
  }),
});
export type IntegrationEventMessage = z.infer<typeof IntegrationEventMessageSchema>;
