import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// The audit trail (platform/audit). Mirrors migrations/*.sql.

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
  /** self, representative, kioskUser or linkUser: how the actor stands to the patient. */
  relationship: text('relationship'),
  /** The route that answered ('GET /api/patients/:patientId/labresults/published'). */
  route: text('route'),
  clientAddress: text('client_address'),
  /** The integration API client that made the call (the actor when no user did). */
  integrationClientId: integer('integration_client_id'),
});
