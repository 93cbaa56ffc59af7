import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// The SMS outbox (platform/sms), the ledger of notices sent and the scheduler's job leases (platform/scheduler).
// Mirrors migrations/0030_reminders.sql.

export const smsOutbox = pgTable('sms_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id'),
  toNumber: text('to_number').notNull(),
  body: text('body').notNull(),
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

export const sentNotices = pgTable(
  'sent_notices',
  {
    patientId: integer('patient_id').notNull(),
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    offsetKey: text('offset_key').notNull().default(''),
    createdAt: tstz('created_at')
      .notNull()
      .default(sql`now()`),
    /** When its mail and SMS were queued; null while an immediate notice waits for the notices job. */
    queuedAt: tstz('queued_at'),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.kind, t.subjectId, t.offsetKey] })],
);

export const schedulerJobs = pgTable('scheduler_jobs', {
  name: text('name').primaryKey(),
  leasedBy: text('leased_by'),
  leaseUntil: tstz('lease_until'),
  lastRunAt: tstz('last_run_at'),
});
