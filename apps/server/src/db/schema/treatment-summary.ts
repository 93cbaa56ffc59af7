import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TreatmentSummaryGroup } from '@portal/contracts';
import { tstz } from './columns';

/** Items of a patient's treatment summary (migrations/0008_treatment_summary.sql). */
export const treatmentSummaryItems = pgTable('treatment_summary_items', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  groupName: text('group_name').$type<TreatmentSummaryGroup>().notNull(),
  /** The group's fields by name; checked against the group's schema when read. */
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
  isNullMessageHolder: boolean('is_null_message_holder').notNull().default(false),
  nullMessage: text('null_message'),
  isPatientReviewed: boolean('is_patient_reviewed').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  /** The facility's own identifier of the item, unique per patient (migrations/0024); null before the API. */
  externalId: text('external_id'),
  /** A digest of what the facility sent: a resend of the same content changes nothing. */
  contentHash: text('content_hash'),
  /** Withdrawn by the facility: never shown again; the row stays for the audit trail. */
  withdrawnAt: tstz('withdrawn_at'),
});
