import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// What a facility grants each kind of user, and a patient's external systems (module auth). Mirrors
// migrations/*.sql.

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

export const externalSystems = pgTable('external_systems', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  name: text('name').notNull(),
  /** The facility's own identifier of the system (integration API); null for systems made before it. */
  externalId: text('external_id'),
  activeTriggerEventTypes: text('active_trigger_event_types')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** Send Securely is refused (noCcdaConfigured) for this system's summaries. */
  sendSecurelyDisabled: boolean('send_securely_disabled').notNull().default(false),
});
