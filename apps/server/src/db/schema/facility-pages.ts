import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, tstz } from './columns';

// The facility information pages (module facility-pages). Mirrors migrations/0028_facility_pages.sql.

/** Texts by language (en always present). */
export type ByLanguage<T> = Partial<Record<'en' | 'es' | 'fr' | 'pt' | 'zh', T>> & { en: T };

export const facilityFaqs = pgTable('facility_faqs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id').notNull(),
  externalId: text('external_id').notNull(),
  viewOrder: integer('view_order').notNull().default(0),
  texts: jsonb('texts').$type<ByLanguage<{ question: string; answer: string }>>().notNull(),
  /** The intake engine's fingerprint of the FAQ as sent (migrations/0039). */
  contentHash: text('content_hash'),
  withdrawnAt: tstz('withdrawn_at'),
  updatedAt: tstz('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const facilityUsefulLinks = pgTable('facility_useful_links', {
  facilityId: integer('facility_id').primaryKey(),
  contentHtml: jsonb('content_html').$type<ByLanguage<string>>().notNull(),
  updatedAt: tstz('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const facilityForms = pgTable('facility_forms', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id').notNull(),
  externalId: text('external_id').notNull(),
  viewOrder: integer('view_order').notNull().default(0),
  texts: jsonb('texts').$type<ByLanguage<{ title: string; description: string | null }>>().notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  /** The intake engine's fingerprint of the form as sent (migrations/0039). */
  contentHash: text('content_hash'),
  withdrawnAt: tstz('withdrawn_at'),
  updatedAt: tstz('updated_at')
    .notNull()
    .default(sql`now()`),
});
