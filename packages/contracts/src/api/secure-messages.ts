import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN, SECURE_MESSAGE_LIMITS } from '../constants/secure-messages';
import { IdParam } from './common';

// Secure messages (spec 002, 2.6 and 7) under /api/patients/{patientId}/SecureMessages. The browser imports only
// the types of this file. Dates: an instant is ISO 8601 UTC; datePart (YYYY-MM-DD) and timePart (HH:mm, 24 h) are
// the same instant on the facility's clock.

export const MessageDateSchema = z.object({
  datePart: z.string().describe("YYYY-MM-DD on the facility's clock"),
  timePart: z.string().describe("HH:mm (24 h) on the facility's clock"),
});
export type MessageDate = z.infer<typeof MessageDateSchema>;

export const ThreadMemberSchema = z.object({
  threadMemberId: z.number().int(),
  patientId: z.number().int().optional().describe("The patient's member only (absent for the care provider's)"),
  careProviderId: z.number().int().optional().describe("The care provider's member only"),
  firstName: z.string(),
  lastName: z.string(),
  isArchived: z.boolean(),
  areMessagesReviewed: z.boolean().describe('false: a message from the other side is waiting to be read'),
  visibleNumberOfMessages: z.number().int().min(0),
  statusData: z.object({
    reviewedOnDate: z.string().nullable().describe('When the member last read the thread (ISO 8601), or null'),
  }),
});
export type ThreadMember = z.infer<typeof ThreadMemberSchema>;

export const MessageThreadSchema = z.object({
  threadId: z.number().int(),
  subjectText: z.string(),
  lastMessageDate: MessageDateSchema.extend({ dateTime: z.string().describe('ISO 8601, UTC') }),
  replyAllowed: z.boolean().describe('The care team lets the patient reply in this thread'),
  referencedPatientId: z.number().int(),
  referencedPatientDateOfBirth: z.string().nullable().describe('YYYY-MM-DD'),
  members: z.array(ThreadMemberSchema).describe("The patient's member first, then the care provider's"),
});
export type MessageThread = z.infer<typeof MessageThreadSchema>;
export const MessageThreadsSchema = z.array(MessageThreadSchema);

export const SecureMessageSchema = z.object({
  messageId: z.number().int(),
  content: z
    .string()
    .describe(
      'HTML of the toolbar’s allowlist only (p, br, strong, em, u, ol, ul, li, no attributes), cleaned when stored',
    ),
  displayDate: MessageDateSchema,
  messageDate: z.string().describe('ISO 8601, UTC'),
  senderDisplayName: z.string(),
  fromPatient: z.boolean().describe('Written on the patient’s side (the patient or a representative)'),
  authorFirstName: z.string(),
  authorLastName: z.string(),
  proxyAuthorFirstName: z.string().nullable().describe('The representative who wrote it for the patient, or null'),
  proxyAuthorLastName: z.string().nullable(),
});
export type SecureMessage = z.infer<typeof SecureMessageSchema>;

export const MessageThreadDetailSchema = MessageThreadSchema.extend({
  messages: z.array(SecureMessageSchema).describe('Oldest first'),
});
export type MessageThreadDetail = z.infer<typeof MessageThreadDetailSchema>;

export const UnreadCountSchema = z.number().int().min(0).describe('Current threads with a message not yet read');

export const ThreadsQuery = z.object({
  includeArchived: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('true: archived threads too'),
});

export const ThreadParams = z.object({ patientId: IdParam, threadId: IdParam });
export const NewThreadParams = z.object({ patientId: IdParam, careProviderId: IdParam });

const contentField = z
  .string()
  .max(SECURE_MESSAGE_LIMITS.contentHtmlMax)
  .describe(
    `The message as HTML (the editor's; Text mode sends each line as a paragraph). Cleaned to the toolbar's ` +
      `allowlist; 1 to ${SECURE_MESSAGE_LIMITS.contentMax} characters a reader sees (markup and line breaks not ` +
      `counted), else 400 naming content.`,
  );

export const NewThreadBodySchema = z.strictObject({
  subject: z
    .string()
    .max(SECURE_MESSAGE_LIMITS.subjectMax * 4)
    .describe(`1 to ${SECURE_MESSAGE_LIMITS.subjectMax} characters once trimmed`),
  content: contentField,
});
export type NewThreadBody = z.infer<typeof NewThreadBodySchema>;

export const ReplyBodySchema = z.strictObject({ content: contentField });
export type ReplyBody = z.infer<typeof ReplyBodySchema>;

export const SentMessageSchema = z.object({ threadId: z.number().int(), messageId: z.number().int() });
export type SentMessage = z.infer<typeof SentMessageSchema>;

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'idempotency-key: 8 to 100 letters, digits, - or _')
    .optional()
    .describe('The same key again answers the message already stored instead of sending it twice'),
});

export const ThreadPatchSchema = z
  .array(
    z.strictObject({
      op: z.string().describe("'replace' only"),
      path: z.string().max(200).describe("'/isArchived' or '/members/{threadMemberId}/areMessagesReviewed'"),
      value: z.unknown().describe('A boolean'),
    }),
  )
  .min(1)
  .max(10)
  .describe('A JSON Patch (application/json-patch+json)');
export type ThreadPatch = z.infer<typeof ThreadPatchSchema>;
