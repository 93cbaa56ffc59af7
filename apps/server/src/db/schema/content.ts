import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Facility texts and language-pack overrides (module content). Mirrors migrations/*.sql.

export const contentItems = pgTable('content_items', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id'),
  contentKey: text('content_key').notNull(),
  language: text('language').notNull(),
  body: text('body').notNull(),
  updatedAt: tstz('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const languagePackOverrides = pgTable(
  'language_pack_overrides',
  {
    facilityId: integer('facility_id').notNull(),
    language: text('language').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.language, t.key] })],
);
