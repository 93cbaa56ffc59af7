import { and, eq, gt, gte, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, facilities, followUpItems, patients } from '../../db/schema/index';
import { addDays, localDate, localTime, startOfLocalDay } from '../../platform/time/time';

// The appointments and follow-ups reminders and digests may name: those ahead, not withdrawn, not cancelled (an
// appointment) and still pending (a follow-up), with their day and time on the facility's clock.

/** An appointment or follow-up as a reminder sees it: its day and time on the facility's clock. */
export interface DatedEvent {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm, or null for a day without a time. */
  time: string | null;
  /** When it begins; for a day without a time, the end of that day (a reminder on the day still makes sense). */
  startsAt: Date;
}

/** The end of a day on the facility's clock (the start of the next). */
function endOfLocalDay(date: string, timeZoneId: string): Date {
  return startOfLocalDay(addDays(date, 1), timeZoneId);
}

export interface UpcomingEvent extends DatedEvent {
  id: number;
  patientId: number;
  timeZoneId: string;
}

/** How far ahead reminders look: the earliest reminder (4 weeks) and a month's digest both fit. */
export const LOOKAHEAD_DAYS = 32;

export async function findUpcomingAppointments(db: DbOrTx, now: Date): Promise<UpcomingEvent[]> {
  const rows = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      startsAt: appointments.startsAt,
      hasTimePart: appointments.hasTimePart,
      timeZoneId: facilities.timeZoneId,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(
      and(
        isNull(appointments.withdrawnAt),
        notInArray(sql`lower(${appointments.status})`, ['cancelled', 'canceled']),
        // A day without a time is stored at its start: it stays ahead for the rest of that day.
        gt(appointments.startsAt, new Date(now.getTime() - 24 * 3_600_000)),
        lt(appointments.startsAt, new Date(now.getTime() + LOOKAHEAD_DAYS * 24 * 3_600_000)),
      ),
    );
  return rows.map((r) => {
    const date = localDate(r.startsAt, r.timeZoneId);
    return {
      id: r.id,
      patientId: r.patientId,
      timeZoneId: r.timeZoneId,
      date,
      time: r.hasTimePart ? localTime(r.startsAt, r.timeZoneId) : null,
      startsAt: r.hasTimePart ? r.startsAt : endOfLocalDay(date, r.timeZoneId),
    };
  });
}

export async function findUpcomingFollowUps(db: DbOrTx, now: Date): Promise<UpcomingEvent[]> {
  // Dates are compared as the facility's calendar days; a day either side covers every zone.
  const today = localDate(now, 'UTC');
  const rows = await db
    .select({
      id: followUpItems.id,
      patientId: followUpItems.patientId,
      date: followUpItems.recommendedDate,
      timeZoneId: facilities.timeZoneId,
    })
    .from(followUpItems)
    .innerJoin(patients, eq(patients.id, followUpItems.patientId))
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(
      and(
        isNull(followUpItems.withdrawnAt),
        eq(followUpItems.statusDesc, 'Pending'),
        gte(followUpItems.recommendedDate, addDays(today, -1)),
        lte(followUpItems.recommendedDate, addDays(today, LOOKAHEAD_DAYS)),
      ),
    );
  return rows
    .map((r) => ({ ...r, time: null, startsAt: endOfLocalDay(r.date, r.timeZoneId) }))
    .filter((r) => r.startsAt.getTime() > now.getTime());
}
