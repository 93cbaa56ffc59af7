import { createHash } from 'node:crypto';
import type { NOTIFICATION_TYPES } from '@portal/contracts';
import type { Tx } from '../../db/client';
import {
  findAppointmentByExternalId,
  insertAppointment,
  setAppointmentWithdrawn,
  updateAppointment,
  upsertNotificationSettings,
  type AppointmentFields,
} from './appointments.intake.repository';

// Intake of appointments and notification settings: how a facility's system (the integration API) and the
// demo write them, appointments keyed by the facility's own identifier (externalId, unique per patient).

/** An appointment, held in its own time zone. */
export interface AppointmentRecord {
  startsAt: Date;
  /** False: only the day is known (stored at noon of that day, shown without a time). */
  hasTimePart?: boolean;
  /** IANA zone the appointment is held in. */
  timeZoneId: string;
  appointmentType: string;
  provider: string;
  status: string;
  institution: string | null;
  /** The location's short name; none: the page shows the institution. */
  shortLocation: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  city: string | null;
  provinceState: string | null;
  postalZip: string | null;
  country: string | null;
}

export interface NotificationSettingRecord {
  type: (typeof NOTIFICATION_TYPES)[number];
  email: boolean;
  sms: boolean;
}

/** What a put did: the record's id, whether it was created, and whether anything changed. */
export interface PutOutcome {
  id: number;
  created: boolean;
  changed: boolean;
}

/** A digest of the appointment in a fixed order of fields (the same instant in another offset is the same). */
export function appointmentFingerprint(record: AppointmentRecord): string {
  const canonical = [
    record.startsAt.toISOString(),
    record.hasTimePart ?? true,
    record.timeZoneId,
    record.appointmentType,
    record.provider,
    record.status,
    record.institution,
    record.shortLocation,
    record.address1,
    record.address2,
    record.address3,
    record.city,
    record.provinceState,
    record.postalZip,
    record.country,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

/**
 * Creates or replaces the patient's appointment under the facility's identifier `externalId`: an idempotent
 * upsert. A new identifier adds the appointment; the same content again (not withdrawn) changes nothing; other
 * content rewrites it, keeping its id. A withdrawn appointment put again is back.
 */
export async function putAppointment(
  tx: Tx,
  patientId: number,
  externalId: string,
  record: AppointmentRecord,
): Promise<PutOutcome> {
  const contentHash = appointmentFingerprint(record);
  const fields: AppointmentFields = {
    ...record,
    hasTimePart: record.hasTimePart ?? true,
    contentHash,
    withdrawnAt: null,
  };
  let existing = await findAppointmentByExternalId(tx, patientId, externalId);
  if (!existing) {
    const id = await insertAppointment(tx, { patientId, externalId, ...fields });
    if (id !== undefined) return { id, created: true, changed: true };
    // Added by a concurrent put of the same appointment since we looked: replace that one.
    existing = await findAppointmentByExternalId(tx, patientId, externalId);
    if (!existing) throw new Error('An appointment with this external id was neither added nor found');
  }
  if (existing.contentHash === contentHash && existing.withdrawnAt === null) {
    return { id: existing.id, created: false, changed: false };
  }
  await updateAppointment(tx, existing.id, fields);
  return { id: existing.id, created: false, changed: true };
}

/**
 * Withdraws the patient's appointment under `externalId`: the patient no longer sees it (appointments page,
 * dashboard); the row stays for the audit trail. Withdrawing again changes nothing. Its id, or undefined.
 */
export async function withdrawAppointment(
  tx: Tx,
  patientId: number,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  const existing = await findAppointmentByExternalId(tx, patientId, externalId);
  if (!existing) return undefined;
  if (existing.withdrawnAt === null) await setAppointmentWithdrawn(tx, existing.id, now);
  return existing.id;
}

/** Sets a patient's notification settings of the given types (the others are left as they are). */
export async function putNotificationSettings(
  tx: Tx,
  patientId: number,
  records: NotificationSettingRecord[],
): Promise<void> {
  await upsertNotificationSettings(
    tx,
    records.map((record) => ({ patientId, ...record })),
  );
}
