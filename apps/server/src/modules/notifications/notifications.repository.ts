import { and, eq, sql } from 'drizzle-orm';
import type { NotificationSettingType } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import {
  facilityReminderSettings,
  notificationPreferences,
  notificationSettings,
  patientRegistrationDetails,
  patients,
  users,
} from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';
import { writtenPatientId, type PatientWriter } from '../../platform/access/patient-writer';
import { PRIMARY_EMAIL } from '../../platform/notifications/preferences';

export type ChannelRow = { type: NotificationSettingType; email: boolean; sms: boolean };
export type PreferencesRow = typeof notificationPreferences.$inferSelect;
export type NewPreferences = Omit<typeof notificationPreferences.$inferInsert, 'patientId' | 'updatedAt'>;
export type FacilityOfferRow = typeof facilityReminderSettings.$inferSelect;

/** The patient's home facility and primary address (the record's, else the account's once confirmed). */
export function findPatientContact(db: DbOrTx, scope: PatientScope) {
  return db
    .select({ facilityId: patients.homeFacilityId, primaryEmail: PRIMARY_EMAIL })
    .from(patients)
    .leftJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, scope.patientId))
    .then((rows) => rows[0]);
}

/** The per-type channel rows the patient has (none for a type never saved). */
export function listChannelRows(db: DbOrTx, scope: PatientScope): Promise<ChannelRow[]> {
  return db
    .select({ type: notificationSettings.type, email: notificationSettings.email, sms: notificationSettings.sms })
    .from(notificationSettings)
    .where(eq(notificationSettings.patientId, scope.patientId));
}

export function findChannelRow(db: DbOrTx, scope: PatientScope, type: NotificationSettingType) {
  return db
    .select({ email: notificationSettings.email, sms: notificationSettings.sms })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.patientId, scope.patientId), eq(notificationSettings.type, type)))
    .then((rows) => rows[0]);
}

export function findPreferences(db: DbOrTx, scope: PatientScope): Promise<PreferencesRow | undefined> {
  return db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.patientId, scope.patientId))
    .then((rows) => rows[0]);
}

/** The system reminder settings of a facility; undefined: it has none of its own (every channel is offered). */
export function findFacilityOffer(db: DbOrTx, facilityId: number): Promise<FacilityOfferRow | undefined> {
  return db
    .select()
    .from(facilityReminderSettings)
    .where(eq(facilityReminderSettings.facilityId, facilityId))
    .then((rows) => rows[0]);
}

/** Saves the whole page: every type's channels and the addresses and timing, replacing what was there. */
export async function saveSettings(
  tx: DbOrTx,
  writer: PatientWriter,
  channels: readonly ChannelRow[],
  preferences: NewPreferences,
): Promise<void> {
  const patientId = writtenPatientId(writer);
  if (channels.length > 0) {
    await tx
      .insert(notificationSettings)
      .values(channels.map((row) => ({ patientId, ...row })))
      .onConflictDoUpdate({
        target: [notificationSettings.patientId, notificationSettings.type],
        set: { email: sql`excluded.email`, sms: sql`excluded.sms` },
      });
  }
  await tx
    .insert(notificationPreferences)
    .values({ patientId, ...preferences })
    .onConflictDoUpdate({
      target: notificationPreferences.patientId,
      set: { ...preferences, updatedAt: sql`now()` },
    });
}

/** The patient's record with its registration details (none yet: the details are null). */
export function findRegistration(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      patient: {
        mrn: patients.mrn,
        firstName: patients.firstName,
        middleName: patients.middleName,
        lastName: patients.lastName,
        suffix: patients.suffix,
        sex: patients.sex,
        dateOfBirth: patients.dateOfBirth,
        homePhone: patients.homePhone,
        mobilePhone: patients.mobilePhone,
        address1: patients.address1,
        address2: patients.address2,
        city: patients.city,
        state: patients.state,
        zipCode: patients.zipCode,
        country: patients.country,
        primaryEmail: sql<string | null>`coalesce(${patients.emailAddress}, ${users.email})`,
      },
      details: patientRegistrationDetails,
    })
    .from(patients)
    .leftJoin(users, eq(users.id, patients.userId))
    .leftJoin(patientRegistrationDetails, eq(patientRegistrationDetails.patientId, patients.id))
    .where(eq(patients.id, scope.patientId))
    .then((rows) => rows[0]);
}
