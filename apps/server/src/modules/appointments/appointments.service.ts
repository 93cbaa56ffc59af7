import type { Appointment, AppointmentsResponse, UpcomingAppointment } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors/app-error';
import {
  findNotificationSettings,
  findPatientTimeZone,
  listAppointments,
  listAppointmentsFrom,
  listPendingFollowUpsFrom,
  type AppointmentRow,
} from './appointments.repository';
import { dayAtNoonUtc, describeTimeZone, localDate, startOfLocalDay } from '../../platform/time/time';
import type { PatientScope } from '../../platform/access/patient-scope';

/**
 * The English label of a follow-up item: '1 Year 6 Month Follow-up', '1 Year Follow-up', '6 Month
 * Follow-up'. The numbers modify "Follow-up", so the units stay singular ('2 Year Follow-up', as in "a
 * two-year follow-up"). No years and no months: 'Follow-up'. The browser builds its own from the parts.
 */
export function followUpLabel(years: number, months: number): string {
  const parts = [years > 0 ? `${years} Year` : null, months > 0 ? `${months} Month` : null].filter(Boolean);
  return [...parts, 'Follow-up'].join(' ');
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);
const distinctSorted = (values: string[]) => [...new Set(values)].sort(byText);

function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    date: row.startsAt.toISOString(),
    hasTimePart: row.hasTimePart,
    timeZoneId: row.timeZoneId,
    timeZoneAbbreviation: describeTimeZone(row.timeZoneId, row.startsAt).abbreviation,
    provider: row.provider,
    type: row.appointmentType,
    location: row.shortLocation ?? row.institution ?? '',
    status: row.status,
    isFiltered: false,
    locationDetails: {
      institution: row.institution,
      address1: row.address1,
      address2: row.address2,
      address3: row.address3,
      city: row.city,
      provinceState: row.provinceState,
      postalZip: row.postalZip,
      country: row.country,
    },
  };
}

export class AppointmentsService {
  constructor(private readonly db: DbOrTx) {}

  async list(scope: PatientScope): Promise<AppointmentsResponse> {
    const rows = await listAppointments(this.db, scope);
    const list = rows.map(toAppointment);
    return {
      appointments: list,
      statuses: distinctSorted(list.map((a) => a.status)),
      providers: distinctSorted(list.map((a) => a.provider)),
      appointmentTypes: distinctSorted(list.map((a) => a.type)),
    };
  }

  /**
   * Up to `count` coming appointments and follow-up items, soonest first. "Today" is the day in the
   * patient's home facility zone; what is due today counts as coming even when its hour has passed.
   */
  async upcoming(scope: PatientScope, count: number, now = new Date()): Promise<UpcomingAppointment[]> {
    const facilityZone = (await findPatientTimeZone(this.db, scope)) ?? 'UTC';
    const today = localDate(now, facilityZone);
    const startOfToday = startOfLocalDay(today, facilityZone);
    const [external, followUps] = await Promise.all([
      listAppointmentsFrom(this.db, scope, startOfToday, count),
      listPendingFollowUpsFrom(this.db, scope, startOfToday, today),
    ]);
    const items: UpcomingAppointment[] = [
      ...external.map((row): UpcomingAppointment => ({
        id: row.id,
        upcomingAppointmentType: 'ExternalAppointment',
        rawDate: row.startsAt.toISOString(),
        date: localDate(row.startsAt, row.timeZoneId),
        hasTimePart: row.hasTimePart,
        timeZoneId: row.timeZoneId,
        timeZoneAbbreviation: describeTimeZone(row.timeZoneId, row.startsAt).abbreviation,
        externalAppointmentType: row.appointmentType,
        shortLocation: row.shortLocation ?? row.institution,
        status: row.status,
        followUpLabel: null,
        followUpLabelParts: null,
        linkedToOtherTypeCount: 0,
      })),
      ...followUps.map((row): UpcomingAppointment => {
        const booked = row.actualDate;
        return {
          id: row.id,
          upcomingAppointmentType: 'FollowUpAppointment',
          rawDate: (booked ?? dayAtNoonUtc(row.recommendedDate)).toISOString(),
          date: booked ? localDate(booked, facilityZone) : row.recommendedDate,
          hasTimePart: booked !== null,
          timeZoneId: booked ? facilityZone : null,
          timeZoneAbbreviation: booked ? describeTimeZone(facilityZone, booked).abbreviation : null,
          externalAppointmentType: null,
          shortLocation: null,
          status: booked ? 'Scheduled' : 'Recommended',
          followUpLabel: followUpLabel(row.labelYears, row.labelMonths),
          followUpLabelParts: { y: row.labelYears, m: row.labelMonths },
          linkedToOtherTypeCount: row.linkedToOtherTypeCount,
        };
      }),
    ];
    items.sort(
      (a, b) =>
        a.rawDate.localeCompare(b.rawDate) ||
        a.upcomingAppointmentType.localeCompare(b.upcomingAppointmentType) ||
        a.id - b.id,
    );
    return items.slice(0, count);
  }

  async notificationSettings(scope: PatientScope, type: 'Appointments' | 'Followups') {
    const row = await findNotificationSettings(this.db, scope, type);
    if (!row) throw notFound('not_found', 'No notification settings are saved for this patient.');
    return { patientSettings: { email: row.email, sms: row.sms } };
  }
}
