import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Secure messages (module secure-messages). Mirrors migrations/0026_secure_messages.sql, the source of truth.

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

/** The patient's member (patientId set) and the care provider's (careProviderId set) of each thread. */
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
