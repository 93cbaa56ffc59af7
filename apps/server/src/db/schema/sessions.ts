import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Sessions and their refresh tokens (platform/auth/sessions.ts). Mirrors migrations/*.sql.

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
  /** The session's own idle limit (a kiosk user's, migrations/0032); null: the server's. */
  idleMinutes: integer('idle_minutes'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  usedAt: tstz('used_at'),
});
