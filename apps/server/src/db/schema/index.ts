import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/*.sql, which are the source of truth for the database; schema.test.ts checks
// that every table and column declared here exists in a migrated database.

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  displayName: text('display_name').notNull(),
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
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

export const facilityAliases = pgTable('facility_aliases', {
  alias: text('alias').primaryKey(),
  facilityId: integer('facility_id').notNull(),
});

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

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id').notNull(),
  username: text('username').notNull(),
  email: text('email'),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  role: text('role', { enum: ['portalUser', 'kioskManagement'] })
    .notNull()
    .default('portalUser'),
  isEmailConfirmed: boolean('is_email_confirmed').notNull().default(false),
  isEulaAccepted: boolean('is_eula_accepted').notNull().default(false),
  isPasswordUpdateRequired: boolean('is_password_update_required').notNull().default(false),
  preferredLanguage: text('preferred_language'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

export const patients = pgTable('patients', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  homeFacilityId: integer('home_facility_id').notNull(),
  userId: integer('user_id'),
  mrn: text('mrn').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  sex: text('sex'),
  emailAddress: text('email_address'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  zipCode: text('zip_code'),
  homePhone: text('home_phone'),
  mobilePhone: text('mobile_phone'),
  preferredLanguage: text('preferred_language'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

export const personalContacts = pgTable('personal_contacts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  suffix: text('suffix'),
  relationship: text('relationship'),
  isPrimaryContact: boolean('is_primary_contact').notNull().default(false),
  isNextOfKin: boolean('is_next_of_kin').notNull().default(false),
  providesTransport: boolean('provides_transport').notNull().default(false),
  usePatientAddress: boolean('use_patient_address').notNull().default(false),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  zipCode: text('zip_code'),
  homePhone: text('home_phone'),
  mobilePhone: text('mobile_phone'),
  workPhone: text('work_phone'),
  contactEmail: text('contact_email'),
  communicationLanguageId: integer('communication_language_id'),
  authorizedRepresentativeUserId: integer('authorized_representative_user_id'),
  isAuthorizedRepresentativeActive: boolean('is_authorized_representative_active').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

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
