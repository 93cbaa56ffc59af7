import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Users (the accounts that log in) and patients (whose records the portal shows; a patient's userId is
// their own account). Module accounts. Mirrors migrations/*.sql.

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
  middleName: text('middle_name'),
  suffix: text('suffix'),
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
  /** When the facility's system last changed the record through the integration API. */
  updatedAt: tstz('updated_at'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});

/** The registration details of the account settings page (spec 002, section 3), one row per patient. */
export const patientRegistrationDetails = pgTable('patient_registration_details', {
  patientId: integer('patient_id').primaryKey(),
  birthCountry: text('birth_country'),
  ethnicity: text('ethnicity'),
  race: text('race'),
  religion: text('religion'),
  primaryLanguage: text('primary_language'),
  citizenship: text('citizenship'),
  maritalStatus: text('marital_status'),
  mothersMaidenName: text('mothers_maiden_name'),
  occupation: text('occupation'),
  preferredCommunication: text('preferred_communication'),
  insuranceNote: text('insurance_note'),
  advancedDirectiveNote: text('advanced_directive_note'),
  isClinicalTrial: boolean('is_clinical_trial').notNull().default(false),
  clinicalTrialId: text('clinical_trial_id'),
  updatedAt: tstz('updated_at')
    .notNull()
    .default(sql`now()`),
});
