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
  passwordMinLength: integer('password_min_length').notNull().default(8),
  passwordCapitalLetters: integer('password_capital_letters').notNull().default(1),
  passwordNumbers: integer('password_numbers').notNull().default(1),
  passwordSpecialCharacters: integer('password_special_characters').notNull().default(1),
  signupVerificationFields: text('signup_verification_fields').notNull().default('pin'),
  maxFailedLogins: integer('max_failed_logins').notNull().default(5),
  lockoutMinutes: integer('lockout_minutes').notNull().default(15),
  temporaryPasswordHours: integer('temporary_password_hours').notNull().default(24),
  subscriptionEndsOn: date('subscription_ends_on', { mode: 'string' }),
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
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockedUntil: tstz('locked_until'),
  temporaryPasswordHash: text('temporary_password_hash'),
  temporaryPasswordExpiresAt: tstz('temporary_password_expires_at'),
  isSingleSignOn: boolean('is_single_sign_on').notNull().default(false),
  preferences: jsonb('preferences').$type<UserPreference[]>().notNull().default([]),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

export interface UserPreference {
  name: string;
  value: string;
}

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
  ssnHash: text('ssn_hash'),
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
  relationshipId: integer('relationship_id'),
  isOkToLeaveMsgHome: boolean('is_ok_to_leave_msg_home').notNull().default(false),
  isOkToLeaveMsgMobile: boolean('is_ok_to_leave_msg_mobile').notNull().default(false),
  isOkToLeaveMsgWork: boolean('is_ok_to_leave_msg_work').notNull().default(false),
  preferredCommunicationId: integer('preferred_communication_id'),
  updatedAt: tstz('updated_at')
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

export const LOGIN_TYPE_VALUES = [
  'userNamePassword',
  'singleSignOn',
  'patientKioskManagement',
  'patientKioskUser',
  'patientLinkUser',
] as const;

export const sessions = pgTable('sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id'),
  patientId: integer('patient_id'),
  facilityId: integer('facility_id').notNull(),
  loginType: text('login_type', { enum: LOGIN_TYPE_VALUES }).notNull(),
  accessTokenHash: text('access_token_hash').notNull(),
  accessExpiresAt: tstz('access_expires_at').notNull(),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  lastSeenAt: tstz('last_seen_at')
    .notNull()
    .default(sql`now()`),
  absoluteExpiresAt: tstz('absolute_expires_at').notNull(),
  revokedAt: tstz('revoked_at'),
  revokedReason: text('revoked_reason'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  usedAt: tstz('used_at'),
});

export const ONE_TIME_SECRET_KINDS = [
  'singleSignOn',
  'kioskUser',
  'link',
  'signupPin',
  'invitation',
  'emailConfirmation',
] as const;
export type OneTimeSecretKind = (typeof ONE_TIME_SECRET_KINDS)[number];

export const oneTimeSecrets = pgTable('one_time_secrets', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind', { enum: ONE_TIME_SECRET_KINDS }).notNull(),
  tokenHash: text('token_hash').notNull(),
  pinHash: text('pin_hash'),
  facilityId: integer('facility_id').notNull(),
  userId: integer('user_id'),
  patientId: integer('patient_id'),
  personalContactId: integer('personal_contact_id'),
  email: text('email'),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

export const CAPABILITY_AUDIENCES = ['patient', 'representative', 'kioskUser', 'linkUser', 'kioskManagement'] as const;
export type CapabilityAudience = (typeof CAPABILITY_AUDIENCES)[number];

export interface CapabilityDetail {
  fieldName: string;
  details?: CapabilityDetail[];
}
export interface CapabilityModule {
  moduleName: string;
  details: CapabilityDetail[];
}

export const capabilityProfiles = pgTable(
  'capability_profiles',
  {
    facilityId: integer('facility_id').notNull(),
    audience: text('audience', { enum: CAPABILITY_AUDIENCES }).notNull(),
    modules: jsonb('modules').$type<CapabilityModule[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.audience] })],
);

export const auditEvents = pgTable('audit_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  occurredAt: tstz('occurred_at')
    .notNull()
    .default(sql`now()`),
  eventType: text('event_type').notNull(),
  outcome: text('outcome', { enum: ['success', 'failure'] })
    .notNull()
    .default('success'),
  actorUserId: integer('actor_user_id'),
  patientId: integer('patient_id'),
  sessionId: bigint('session_id', { mode: 'number' }),
  facilityId: integer('facility_id'),
  loginType: text('login_type'),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
});

export const externalSystems = pgTable('external_systems', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  name: text('name').notNull(),
  activeTriggerEventTypes: text('active_trigger_event_types')
    .array()
    .notNull()
    .default(sql`'{}'`),
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

export const appointments = pgTable('appointments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  startsAt: tstz('starts_at').notNull(),
  hasTimePart: boolean('has_time_part').notNull().default(true),
  timeZoneId: text('time_zone_id').notNull(),
  appointmentType: text('appointment_type').notNull(),
  provider: text('provider').notNull(),
  status: text('status').notNull(),
  institution: text('institution'),
  shortLocation: text('short_location'),
  address1: text('address1'),
  address2: text('address2'),
  address3: text('address3'),
  city: text('city'),
  provinceState: text('province_state'),
  postalZip: text('postal_zip'),
  country: text('country'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

export const followUpItems = pgTable('follow_up_items', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  labelYears: integer('label_years').notNull().default(0),
  labelMonths: integer('label_months').notNull().default(0),
  recommendedDate: date('recommended_date', { mode: 'string' }).notNull(),
  actualDate: tstz('actual_date'),
  statusDesc: text('status_desc', { enum: ['Pending', 'Completed', 'Missed', 'N/A'] })
    .notNull()
    .default('Pending'),
  providerFirstName: text('provider_first_name'),
  providerLastName: text('provider_last_name'),
  linkedToOtherTypeCount: integer('linked_to_other_type_count').notNull().default(0),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  /** The follow-up plan (of the same patient) the item belongs to; see schema/follow-up-plan.ts. */
  planId: integer('plan_id'),
});

export const careProviders = pgTable('care_providers', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  suffix: text('suffix'),
  titleValue: text('title_value'),
  title: text('title'),
  institution: text('institution'),
  publicEmail: text('public_email'),
  address1: text('address1'),
  address2: text('address2'),
  address3: text('address3'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  zipCode: text('zip_code'),
  publicPhone: text('public_phone'),
  publicPhoneExt: text('public_phone_ext'),
  fax: text('fax'),
  photoFilename: text('photo_filename'),
  photoThumbnailFilename: text('photo_thumbnail_filename'),
  preferredSecureMessageSystemId: integer('preferred_secure_message_system_id'),
});

export const careTeamMembers = pgTable('care_team_members', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  careProviderId: integer('care_provider_id').notNull(),
  isSecureMessageRecipient: boolean('is_secure_message_recipient').notNull().default(false),
});

export const profileImages = pgTable('profile_images', {
  fileName: text('file_name').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
});

export const notificationSettings = pgTable(
  'notification_settings',
  {
    patientId: integer('patient_id').notNull(),
    type: text('type', { enum: ['Appointments', 'Followups'] }).notNull(),
    email: boolean('email').notNull().default(false),
    sms: boolean('sms').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.type] })],
);

export const facilityContacts = pgTable('facility_contacts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id').notNull(),
  contactName: text('contact_name').notNull(),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  country: text('country'),
  phone: text('phone'),
  fax: text('fax'),
  email: text('email'),
  sortOrder: integer('sort_order').notNull().default(0),
});

// One file per clinical module.
export * from './education';
export * from './follow-up-plan';
export * from './lab-results';
export * from './medical-notes';
export * from './treatment-summary';
