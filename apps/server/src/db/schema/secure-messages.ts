import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Secure messages (module secure-messages). Mirrors migrations/0026_secure_messages.sql and 0037_message_reads.sql,
// the source of truth.

export const messageThreads = pgTable('message_threads', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  careProviderId: integer('care_provider_id').notNull(),
  subject: text('subject').notNull(),
  replyAllowed: boolean('reply_allowed').notNull().default(true),
  /** The facility's identifier of a thread it began, when it named one. */
  externalId: text('external_id'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  lastMessageAt: tstz('last_message_at')
    .notNull()
    .default(sql`now()`),
});

/**
 * The patient's member (patientId set) and the care provider's (careProviderId set) of each thread. The read
 * columns are the care provider's member's only: on the patient's side each reader has their own
 * (secureMessageReads), and the patient's member keeps them cleared (true, null).
 */
export const messageThreadMembers = pgTable('message_thread_members', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  threadId: integer('thread_id').notNull(),
  patientId: integer('patient_id'),
  careProviderId: integer('care_provider_id'),
  isArchived: boolean('is_archived').notNull().default(false),
  areMessagesReviewed: boolean('are_messages_reviewed').notNull().default(true),
  reviewedAt: tstz('reviewed_at'),
});

export const secureMessages = pgTable('secure_messages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  threadId: integer('thread_id').notNull(),
  patientId: integer('patient_id').notNull(),
  fromPatient: boolean('from_patient').notNull(),
  authorUserId: integer('author_user_id'),
  careProviderId: integer('care_provider_id'),
  authorFirstName: text('author_first_name').notNull(),
  authorLastName: text('author_last_name').notNull(),
  proxyAuthorFirstName: text('proxy_author_first_name'),
  proxyAuthorLastName: text('proxy_author_last_name'),
  senderDisplayName: text('sender_display_name').notNull(),
  content: text('content').notNull(),
  sentAt: tstz('sent_at')
    .notNull()
    .default(sql`now()`),
  externalId: text('external_id'),
  idempotencyKey: text('idempotency_key'),
  requestHash: text('request_hash'),
});

/**
 * Who on the patient's side read which message, and when: reader 'patient' (the patient's own account) or
 * 'user:<id>' (a representative), as platform/access actorKey names them. patientId and threadId are the
 * message's. A thread is unread for a reader while a care team message in it has no row of theirs.
 */
export const secureMessageReads = pgTable(
  'secure_message_reads',
  {
    messageId: integer('message_id').notNull(),
    reader: text('reader').notNull(),
    patientId: integer('patient_id').notNull(),
    threadId: integer('thread_id').notNull(),
    readAt: tstz('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.reader] })],
);
