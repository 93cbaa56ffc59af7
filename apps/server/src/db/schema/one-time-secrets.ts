import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Single-use secrets: SSO and kiosk tickets, links, sign-up PINs, invitations, email confirmations
// (platform/auth/one-time-secrets.ts). Mirrors migrations/*.sql.

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
