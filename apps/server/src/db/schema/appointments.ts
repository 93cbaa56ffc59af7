import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Appointments (module appointments). Mirrors migrations/0003_home.sql and 0022. The notification settings are
// in notifications.ts.

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
  /** The facility's own identifier (unique per patient), the digest of what it sent, when it withdrew it (0022). */
  externalId: text('external_id'),
  contentHash: text('content_hash'),
  withdrawnAt: tstz('withdrawn_at'),
});
