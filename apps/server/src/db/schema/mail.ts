import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// The transactional mail outbox (platform/mail). Mirrors migrations/*.sql.

export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
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
