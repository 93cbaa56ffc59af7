import type { Appointment, AppointmentsResponse, UpcomingAppointment } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import {
  listAppointments,
  listAppointmentsFrom,
  listPendingFollowUpsFrom,
  type AppointmentRow,
} from './appointments.repository';
import { dayAtNoonUtc, localDate, zoneAbbreviation } from '../../platform/time/time';
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

/**
 * The one rule of "upcoming" (the dashboard's list and the appointments page's Upcoming and Past): an
 * appointment is upcoming until it starts; one known only by its day (no time part) is upcoming for the
 * whole of that day in its own zone. The '(today)' label is a different matter: it is about the day.
 */
export function isUpcoming(
  appointment: { startsAt: Date; hasTimePart: boolean; timeZoneId: string },
  now: Date,
): boolean {
  if (appointment.hasTimePart) return appointment.startsAt.getTime() > now.getTime();
  return localDate(appointment.startsAt, appointment.timeZoneId) >= localDate(now, appointment.timeZoneId);
}

const DAY_MS = 86_400_000;

// One collator for every comparison: localeCompare with a locale builds a new one on each call.
const caseless = new Intl.Collator('en', { sensitivity: 'base' }).compare;
const byText = (a: string, b: string) => caseless(a, b) || a.localeCompare(b);
const distinctSorted = (values: string[]) => [...new Set(values)].sort(byText);

function toAppointment(row: AppointmentRow, now: Date): Appointment {
  return {
    id: row.id,
    date: row.startsAt.toISOString(),
    hasTimePart: row.hasTimePart,
    timeZoneId: row.timeZoneId,
    timeZoneAbbreviation: zoneAbbreviation(row.timeZoneId, row.startsAt),
    provider: row.provider,
    type: row.appointmentType,
    location: row.shortLocation ?? row.institution ?? '',
    status: row.status,
    isFiltered: false,
    isUpcoming: isUpcoming(row, now),
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

  async list(scope: PatientScope, now = new Date()): Promise<AppointmentsResponse> {
    const rows = await listAppointments(this.db, scope);
    const list = rows.map((row) => toAppointment(row, now));
    return {
      appointments: list,
      statuses: distinctSorted(list.map((a) => a.status)),
      providers: distinctSorted(list.map((a) => a.provider)),
      appointmentTypes: distinctSorted(list.map((a) => a.type)),
    };
  }

  /**
   * Up to `count` coming appointments and follow-up items, soonest first. An appointment is coming by
   * isUpcoming (the appointments page's Upcoming filter reads the same flag); a booked follow-up until its
   * booked time, one only recommended all of its day in the patient's home facility zone.
   */
  async upcoming(scope: PatientScope, count: number, now = new Date()): Promise<UpcomingAppointment[]> {
    const [candidates, pending] = await Promise.all([
      // Whatever could still be coming: a day-only appointment is stored within its day, which began less
      // than two days ago in any zone; isUpcoming decides.
      listAppointmentsFrom(this.db, scope, new Date(now.getTime() - 2 * DAY_MS)),
      // Today in the facility's zone is at most a day before today in UTC: the zone's own day decides below.
      listPendingFollowUpsFrom(this.db, scope, now, localDate(new Date(now.getTime() - DAY_MS), 'UTC')),
    ]);
    // The follow-ups' rows carry the zone: none are needed without them.
    const facilityZone = pending[0]?.facilityZone ?? 'UTC';
    const today = localDate(now, facilityZone);
    const followUps = pending.filter((row) => row.actualDate !== null || row.recommendedDate >= today);
    const external = candidates.filter((row) => isUpcoming(row, now)).slice(0, count);
    const items: UpcomingAppointment[] = [
      ...external.map((row): UpcomingAppointment => ({
        id: row.id,
        upcomingAppointmentType: 'ExternalAppointment',
        rawDate: row.startsAt.toISOString(),
        date: localDate(row.startsAt, row.timeZoneId),
        hasTimePart: row.hasTimePart,
        timeZoneId: row.timeZoneId,
        timeZoneAbbreviation: zoneAbbreviation(row.timeZoneId, row.startsAt),
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
          timeZoneAbbreviation: booked ? zoneAbbreviation(facilityZone, booked) : null,
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
}
