import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { AbnormalFlag } from '@portal/contracts';
import { tstz } from './columns';

// Mirrors migrations/0006_lab_results.sql and 0021 (the source of truth). Foreign keys live in the SQL.

export const labResults = pgTable('lab_results', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  isPublished: boolean('is_published').notNull().default(false),
  collectedAt: tstz('collected_at').notNull(),
  externalStatus: text('external_status'),
  requestingPhysician: text('requesting_physician'),
  isReviewedByPatient: boolean('is_reviewed_by_patient').notNull().default(false),
  reviewedAt: tstz('reviewed_at'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  country: text('country'),
  labName: text('lab_name'),
  labAddress: text('lab_address'),
  comment: text('comment'),
  noteToPatient: text('note_to_patient'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  /** The facility's own identifier (unique per patient); null for records made before the integration API. */
  externalId: text('external_id'),
  /** A digest of what the facility last sent, so a resend of the same content changes nothing. */
  contentHash: text('content_hash'),
  /** Withdrawn by the facility: never served to the patient again; the row stays for the audit trail. */
  withdrawnAt: tstz('withdrawn_at'),
});

export const labResultGroups = pgTable('lab_result_groups', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  labResultId: integer('lab_result_id').notNull(),
  groupDisplayName: text('group_display_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const labResultDetails = pgTable('lab_result_details', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  groupId: integer('group_id').notNull(),
  testDisplayName: text('test_display_name').notNull(),
  testValue: text('test_value'),
  unitOfMeasure: text('unit_of_measure'),
  referencesRange: text('references_range'),
  abnormalFlag: text('abnormal_flag').$type<AbnormalFlag>(),
  testDetailStatus: text('test_detail_status'),
  comment: text('comment'),
  sortOrder: integer('sort_order').notNull().default(0),
});
