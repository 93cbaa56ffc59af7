import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Mirrors migrations/0004_education.sql (the source of truth).

/** The facility's library of patient-education materials. */
export const educationMaterials = pgTable('education_materials', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id').notNull(),
  title: text('title').notNull(),
  categoryName: text('category_name').notNull(),
  categorySortOrder: integer('category_sort_order').notNull().default(0),
  contentHtml: text('content_html').notNull(),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  /** The facility's own identifier of the article, unique per facility (migrations/0024); null before the API. */
  externalId: text('external_id'),
  /** The language the article is written in (BCP 47), the lang of its document; null: not given. */
  language: text('language'),
  /** A digest of what the facility sent: a resend of the same content changes nothing. */
  contentHash: text('content_hash'),
  /** Withdrawn from the library: no patient sees it any more; the row stays for the audit trail. */
  withdrawnAt: tstz('withdrawn_at'),
});

/** A material assigned to a patient: the API's article, whose articleId is this id. */
export const educationArticles = pgTable('education_articles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  materialId: integer('material_id').notNull(),
  assignedDate: date('assigned_date', { mode: 'string' }).notNull(),
  isArchived: boolean('is_archived').notNull().default(false),
  readAt: tstz('read_at'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  /** The facility's own identifier of the assignment, unique per patient (migrations/0024). */
  externalId: text('external_id'),
  /** The intake engine's fingerprint of the assignment as sent (migrations/0039). */
  contentHash: text('content_hash'),
  /** Withdrawn by the facility: the patient no longer sees it; the row stays for the audit trail. */
  withdrawnAt: tstz('withdrawn_at'),
});
