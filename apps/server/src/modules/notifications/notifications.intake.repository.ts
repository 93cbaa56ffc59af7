import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { facilityReminderSettings, patientRegistrationDetails } from '../../db/schema/index';

// The writes of notifications.intake.ts.

export type FacilityReminderValues = Omit<typeof facilityReminderSettings.$inferInsert, 'facilityId' | 'updatedAt'>;
export type RegistrationValues = Omit<typeof patientRegistrationDetails.$inferInsert, 'patientId' | 'updatedAt'>;

export async function upsertFacilityReminderSettings(
  tx: DbOrTx,
  facilityId: number,
  values: FacilityReminderValues,
): Promise<void> {
  await tx
    .insert(facilityReminderSettings)
    .values({ facilityId, ...values })
    .onConflictDoUpdate({ target: facilityReminderSettings.facilityId, set: { ...values, updatedAt: sql`now()` } });
}

export async function upsertRegistrationDetails(
  tx: DbOrTx,
  patientId: number,
  values: RegistrationValues,
): Promise<void> {
  await tx
    .insert(patientRegistrationDetails)
    .values({ patientId, ...values })
    .onConflictDoUpdate({ target: patientRegistrationDetails.patientId, set: { ...values, updatedAt: sql`now()` } });
}
