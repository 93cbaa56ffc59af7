import type { NOTIFICATION_TYPES } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { insertAppointments, upsertNotificationSettings } from './appointments.intake.repository';

// Intake of appointments and notification settings: how a facility's system (the integration API) and the
// demo write them.

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

/**
 * Adds appointments of a patient, in one statement. (Keyed replacement by the facility's own identifier
 * comes with the integration API.)
 */
export async function putAppointments(tx: Tx, patientId: number, records: AppointmentRecord[]): Promise<void> {
  await insertAppointments(
    tx,
    records.map((record) => ({ patientId, ...record })),
  );
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
