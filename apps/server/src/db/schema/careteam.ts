import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, tstz } from './columns';

// Care providers with their photos, care team members and the facility's Contact Us list (module
// careteam). Mirrors migrations/0003_home.sql and 0022.

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
  /** The facility's own identifier (unique per facility), the digest of what it sent, when it withdrew it (0022). */
  externalId: text('external_id'),
  contentHash: text('content_hash'),
  withdrawnAt: tstz('withdrawn_at'),
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
