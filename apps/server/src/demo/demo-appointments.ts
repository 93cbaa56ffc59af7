import {
  appointmentRecords,
  putNotificationSettings,
  type AppointmentRecord,
} from '../modules/appointments/appointments.intake';
import type { Tx } from '../db/client';
import { addDays, localDate, localHour, zonedInstant } from '../platform/time/time';
import type { DemoContext } from './demo-context';
import { seededPatientId } from '../platform/integration/integration-patients';

const NEW_YORK = 'America/New_York';
const CHICAGO = 'America/Chicago';

/* ------------------------------------------------------------- locations */

const riversideLocation = (shortLocation: string | null, address2: string) => ({
  institution: 'Riverside Cancer Center',
  shortLocation,
  address1: '1200 River Road',
  address2,
  address3: null,
  city: 'Riverside',
  provinceState: 'NY',
  postalZip: '12210',
  country: 'United States',
});

const LOCATIONS = {
  clinic: riversideLocation('RCC Oncology Clinic B', 'Oncology Clinic B, 4th Floor'),
  infusion: riversideLocation('RCC Infusion Center', 'Infusion Center, 3rd Floor'),
  lab: riversideLocation('RCC Laboratory', 'Laboratory, 2nd Floor'),
  imaging: riversideLocation('RCC Imaging', 'Imaging Center, 1st Floor'),
  radiation: riversideLocation('RCC Radiation Oncology', 'Radiation Oncology, Lower Level'),
  // No short location: the table shows the institution.
  mainBuilding: riversideLocation(null, 'Main Building'),
  lakesideTelehealth: {
    institution: 'Lakeside Community Clinic',
    shortLocation: 'Lakeside Telehealth (video visit)',
    address1: '4400 N Lakeshore Drive',
    address2: 'Suite 120',
    address3: null,
    city: 'Chicago',
    provinceState: 'IL',
    postalZip: '60613',
    country: 'United States',
  },
};

/* ------------------------------------------------------------------ seed */

/**
 * Appointments of the demo, and Jane's notification settings. Dates are relative to `now` (days in the
 * facility's zone), so the demo always has a past and a future.
 */
export async function seedDemoAppointments(tx: Tx, context: DemoContext, now = new Date()): Promise<void> {
  const { janeId, johnId } = context;
  const today = localDate(now, NEW_YORK);
  const day = (offset: number) => addDays(today, offset);
  const at = (offset: number, hour: number, minute = 0, zone = NEW_YORK) =>
    zonedInstant(day(offset), hour, minute, zone);
  // Later today (at 23:59 when it is already late, so it is still to come for as long as the day lasts but its
  // last minute): the dashboard shows "(today)" and both lists file it under upcoming.
  const hourNow = localHour(now, NEW_YORK);
  const laterToday =
    hourNow >= 22 ? zonedInstant(today, 23, 59, NEW_YORK) : zonedInstant(today, hourNow + 2, 0, NEW_YORK);

  /* appointments */
  const raman = 'Dr. Priya Raman';
  const okafor = 'Dr. Samuel Okafor';
  const li = 'Megan Li, RN';
  const vasquez = 'Dr. Elena Vasquez';
  const visit = (
    startsAt: Date,
    appointmentType: string,
    provider: string,
    status: string,
    location: (typeof LOCATIONS)[keyof typeof LOCATIONS],
    extra: Partial<AppointmentRecord> = {},
  ): AppointmentRecord => ({
    startsAt,
    timeZoneId: NEW_YORK,
    appointmentType,
    provider,
    status,
    ...location,
    ...extra,
  });
  // Each through the one keyed intake, under a stable identifier (demo-appt-<patient>-<n>), as a facility's system
  // would send it.
  const putAll = async (patientId: number, prefix: string, records: AppointmentRecord[]) => {
    for (const [i, record] of records.entries())
      await appointmentRecords.put(tx, seededPatientId(patientId), `${prefix}-${i + 1}`, record);
  };
  await putAll(janeId, 'demo-appt-jane', [
    // Jane: eight months of treatment behind her, ten weeks ahead.
    visit(at(-240, 9, 0), 'Consultation', raman, 'Completed', LOCATIONS.mainBuilding),
    visit(at(-212, 13, 30), 'Imaging CT', okafor, 'Completed', LOCATIONS.imaging),
    visit(at(-180, 8, 30), 'Chemotherapy', raman, 'Completed', LOCATIONS.infusion),
    visit(at(-120, 10, 15), 'Radiation Therapy', okafor, 'Completed', LOCATIONS.radiation),
    visit(at(-60, 7, 45), 'Lab Work', li, 'Cancelled', LOCATIONS.lab),
    visit(at(-14, 11, 0), 'Follow-up Visit', raman, 'Arrived', LOCATIONS.clinic),
    visit(laterToday, 'Lab Work', li, 'Confirmed', LOCATIONS.lab),
    visit(at(1, 9, 30), 'Chemotherapy', raman, 'Awaiting insurance pre-authorization', LOCATIONS.infusion),
    // Cancelled, so the dashboard skips it.
    visit(at(8, 14, 0), 'Lab Work', li, 'Cancelled', LOCATIONS.lab),
    // A video visit with a Lakeside specialist, held in Chicago time (its abbreviation differs).
    visit(at(10, 10, 0, CHICAGO), 'Consultation', vasquez, 'Scheduled', LOCATIONS.lakesideTelehealth, {
      timeZoneId: CHICAGO,
    }),
    // Only the day is known: stored at noon of that day, and shown without a time.
    visit(at(28, 12, 0), 'Imaging CT', okafor, 'Scheduled', LOCATIONS.imaging, { hasTimePart: false }),
    visit(at(42, 15, 30), 'Radiation Therapy', okafor, 'Confirmed', LOCATIONS.radiation),
    visit(at(70, 10, 0), 'Follow-up Visit', raman, 'Scheduled', LOCATIONS.clinic),
  ]);
  // John: his own.
  await putAll(johnId, 'demo-appt-john', [
    visit(at(-30, 9, 0), 'Consultation', 'Dr. Helen Marsh', 'Completed', LOCATIONS.clinic),
    visit(at(0, 8, 0), 'Lab Work', 'Dr. Helen Marsh', 'Scheduled', LOCATIONS.lab),
    visit(at(5, 13, 0), 'Imaging CT', okafor, 'Scheduled', LOCATIONS.imaging),
  ]);

  /* notification settings: Jane's only (John has none: the browser shows both off) */
  await putNotificationSettings(tx, seededPatientId(janeId), [
    { type: 'Appointments', email: true, sms: false },
    { type: 'Followups', email: true, sms: true },
  ]);
}
