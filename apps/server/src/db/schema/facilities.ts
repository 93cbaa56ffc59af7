import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, tstz } from './columns';

// The facilities (tenants), their host aliases and the colour themes they use (module facilities).
// Mirrors migrations/*.sql, the source of truth; db.test.ts checks the mirror.

export interface ThemeColors {
  primary: string;
  primaryHover: string;
  onPrimary: string;
  headerBackground: string;
  headerText: string;
  link: string;
  pageBackground: string;
  text: string;
  mutedText: string;
  footerBackground: string;
  footerText: string;
  /** Ten shades, light to dark, for the component library's primary palette. */
  shades: string[];
}

export const themes = pgTable('themes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  colors: jsonb('colors').$type<ThemeColors>().notNull(),
});

export const facilities = pgTable('facilities', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  portalName: text('portal_name').notNull(),
  shortName: text('short_name').notNull(),
  themeId: integer('theme_id').notNull(),
  timeZoneId: text('time_zone_id').notNull(),
  defaultLanguageId: integer('default_language_id').notNull(),
  logo: bytea('logo'),
  logoContentType: text('logo_content_type'),
  hasFaqs: boolean('has_faqs').notNull().default(false),
  hasUsefulLinks: boolean('has_useful_links').notNull().default(false),
  hasDownloadableForms: boolean('has_downloadable_forms').notNull().default(false),
  passwordMinLength: integer('password_min_length').notNull().default(8),
  passwordCapitalLetters: integer('password_capital_letters').notNull().default(1),
  passwordNumbers: integer('password_numbers').notNull().default(1),
  passwordSpecialCharacters: integer('password_special_characters').notNull().default(1),
  signupVerificationFields: text('signup_verification_fields').notNull().default('pin'),
  maxFailedLogins: integer('max_failed_logins').notNull().default(5),
  lockoutMinutes: integer('lockout_minutes').notNull().default(15),
  temporaryPasswordHours: integer('temporary_password_hours').notNull().default(24),
  subscriptionEndsOn: date('subscription_ends_on', { mode: 'string' }),
  /** The facility offers the questionnaire kiosk (migrations/0025). */
  kioskEnabled: boolean('kiosk_enabled').notNull().default(true),
  /** The secret of the facility's kiosk entry address /kio{secret} (docs/adr/0010-kiosk-entry.md). */
  kioskEntrySecret: text('kiosk_entry_secret'),
  /** How long a kiosk-user session may sit idle before it ends (migrations/0032): 1 to 30 minutes. */
  kioskUserIdleMinutes: integer('kiosk_user_idle_minutes').notNull().default(3),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

export const facilityAliases = pgTable('facility_aliases', {
  alias: text('alias').primaryKey(),
  facilityId: integer('facility_id').notNull(),
});
