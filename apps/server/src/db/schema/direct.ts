import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Direct sends and what their delivery notifications said (platform/direct/mdn.ts, ADR 0016). Mirrors
// migrations/0035_direct_sends.sql, the source of truth.

export type DirectSendStatus = 'sent' | 'processed' | 'delivered' | 'failed';

export const directSends = pgTable('direct_sends', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  messageId: text('message_id').notNull().unique(),
  patientId: integer('patient_id').notNull(),
  facilityId: integer('facility_id'),
  actorUserId: integer('actor_user_id'),
  externalSystemId: integer('external_system_id'),
  ccdaIds: jsonb('ccda_ids').$type<number[]>().notNull(),
  recipientDomain: text('recipient_domain').notNull(),
  mode: text('mode', { enum: ['smime', 'hisp'] }).notNull(),
  status: text('status', { enum: ['sent', 'processed', 'delivered', 'failed'] })
    .notNull()
    .default('sent'),
  statusDetail: text('status_detail'),
  sentAt: tstz('sent_at')
    .notNull()
    .default(sql`now()`),
  processedAt: tstz('processed_at'),
  completedAt: tstz('completed_at'),
});
