import type { NOTIFICATION_TYPES } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { keyedRecords, type KeyedRecordKind, type KeyedRow } from '../../platform/intake/keyed-records';
import { appointmentTable, upsertNotificationSettings } from './appointments.intake.repository';
import type { IntegrationPatientId } from '../../platform/integration/integration-patients';

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

const appointmentKind: KeyedRecordKind<AppointmentRecord, KeyedRow, never, 'patientId'> = {
  ...appointmentTable,
  // An appointment sent without hasTimePart has a time: the same content as one sent with true.
  normalise: (record) => ({ ...record, hasTimePart: record.hasTimePart ?? true }),
  columns: (record) => ({ ...record }),
};

/**
 * Creates or replaces the patient's appointment under the facility's identifier `externalId`: an idempotent
 * upsert. A new identifier adds the appointment; the same content again (not withdrawn) changes nothing; other
 * content rewrites it, keeping its id. A withdrawn appointment put again is back.
 *
 * Withdraws the patient's appointment under `externalId`: the patient no longer sees it (appointments page,
 * dashboard); the row stays for the audit trail. Withdrawing again changes nothing. Its id, or undefined.
 */
export const appointmentRecords = keyedRecords(appointmentKind);

/** Sets a patient's notification settings of the given types (the others are left as they are). */
export async function putNotificationSettings(
  tx: Tx,
  patientId: IntegrationPatientId,
  records: NotificationSettingRecord[],
): Promise<void> {
  await upsertNotificationSettings(
    tx,
    records.map((record) => ({ patientId, ...record })),
  );
}
