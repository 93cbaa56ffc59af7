import { integer, pgTable, text } from 'drizzle-orm/pg-core';

// Reference lists: languages and the contact form's lookups (module lookups). Mirrors migrations/*.sql.

export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  displayName: text('display_name').notNull(),
});

export const relationships = pgTable('relationships', {
  id: integer('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(100),
});

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  countryId: integer('country_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
});

export const preferredCommunications = pgTable('preferred_communications', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  displayName: text('display_name').notNull(),
});
