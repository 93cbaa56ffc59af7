import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, tstz } from './columns';

// The transactional mail outbox (platform/mail). Mirrors migrations/*.sql.

export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  /** Where a reply goes (the patient's own address on a health summary they send), when not the sender. */
  replyTo: text('reply_to'),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: tstz('next_attempt_at')
    .notNull()
    .default(sql`now()`),
  lastError: text('last_error'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  sentAt: tstz('sent_at'),
});

/** Files that travel with an outbox mail. */
export const mailOutboxAttachments = pgTable('mail_outbox_attachments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  outboxId: bigint('outbox_id', { mode: 'number' }).notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
});
