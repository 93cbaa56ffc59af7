import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// The integration API's clients, their access tokens and the assertion ids they used (platform/integration).
// Mirrors migrations/0020_integration.sql.

export interface PublicJwks {
  keys: Record<string, unknown>[];
}

export const integrationClients = pgTable('integration_clients', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  facilityId: integer('facility_id').notNull(),
  clientId: text('client_id').notNull(),
  name: text('name').notNull(),
  scopes: text('scopes').array().notNull(),
  secretHash: text('secret_hash'),
  publicJwks: jsonb('public_jwks').$type<PublicJwks>(),
  webhookUrl: text('webhook_url'),
  webhookSecretSealed: text('webhook_secret_sealed'),
  webhookCursor: bigint('webhook_cursor', { mode: 'number' }).notNull().default(0),
  webhookAttempts: integer('webhook_attempts').notNull().default(0),
  webhookNextAttemptAt: tstz('webhook_next_attempt_at'),
  webhookLastError: text('webhook_last_error'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  rotatedAt: tstz('rotated_at'),
  revokedAt: tstz('revoked_at'),
});

export const integrationAccessTokens = pgTable('integration_access_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: integer('client_id').notNull(),
  scopes: text('scopes').array().notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

export const integrationAssertionIds = pgTable(
  'integration_assertion_ids',
  {
    clientId: integer('client_id').notNull(),
    jti: text('jti').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.jti] })],
);
