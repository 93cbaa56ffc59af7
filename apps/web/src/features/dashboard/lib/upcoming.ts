import { LIMITS } from '@portal/contracts';
import type { UpcomingAppointment } from '@portal/contracts';
import { dayIn, daysBetween, formatDay as formatCalendarDay, formatTimeOfDay } from '../../../lib/dates';

// The follow-up label rule is shared with the follow-up plan; the dashboard's components import it from here.
export { followUpLabel } from '../../../lib/follow-up-label';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * An upcoming item as the server sends it. `timeZoneId` (the appointment's IANA zone) is read when the
 * answer carries it; without it the time is shown at the offset written in rawDate, else in the
 * facility's zone.
 */
export type UpcomingItem = UpcomingAppointment;

export const isFollowUp = (item: UpcomingAppointment) => item.upcomingAppointmentType === 'FollowUpAppointment';

/** '(today)', '(tomorrow)', '(in N days)' for an item 0 to 7 calendar days ahead in the facility's zone. */
export function daysAheadLabel(date: string, facilityZoneId: string, now: Date, t: Translate): string | null {
  const days = daysBetween(dayIn(now, facilityZoneId), date);
  if (!Number.isFinite(days) || days < 0 || days > LIMITS.appointmentDaysAheadLabel) return null;
  if (days === 0) return t('dashboard.today');
  if (days === 1) return t('dashboard.tomorrow');
  return t('dashboard.inDays', { days });
}

/** A status longer than 30 characters is cut there, with '...'. */
export function cutStatus(status: string): string {
  return status.length > LIMITS.appointmentStatusCut ? `${status.slice(0, LIMITS.appointmentStatusCut)}...` : status;
}

/** View More: the follow-up plan for a follow-up or an item linked to one, the appointments page otherwise. */
export function viewMorePath(item: Pick<UpcomingAppointment, 'upcomingAppointmentType' | 'linkedToOtherTypeCount'>) {
  return item.upcomingAppointmentType === 'FollowUpAppointment' || item.linkedToOtherTypeCount > 0
    ? '/followup-plan'
    : '/appointments';
}

/** The abbreviation of a zone at a moment ('EST' or 'EDT'), as the server computes it. */
export function zoneAbbreviation(zoneId: string, at: Date): string {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone: zoneId, timeZoneName: 'short' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? zoneId
    );
  } catch {
    return zoneId;
  }
}

/**
 * The item's zone abbreviation when it differs from the facility's at the same moment (so a summer
 * appointment in the facility's own zone shows none, although the facility's zone reads EST today).
 */
export function differingAbbreviation(item: UpcomingItem, facilityZoneId: string): string | null {
  if (!item.hasTimePart || !item.timeZoneAbbreviation) return null;
  if (item.timeZoneId && item.timeZoneId === facilityZoneId) return null;
  const facilityAbbreviation = zoneAbbreviation(facilityZoneId, new Date(item.rawDate));
  return item.timeZoneAbbreviation === facilityAbbreviation ? null : item.timeZoneAbbreviation;
}

const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

/** The zone of the item's start (see UpcomingItem), for the time of day. */
export function startZone(item: UpcomingItem, facilityZoneId: string): string | { offsetMinutes: number } {
  if (item.timeZoneId) return item.timeZoneId;
  const offset = OFFSET.exec(item.rawDate);
  if (offset) {
    return { offsetMinutes: (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) };
  }
  return facilityZoneId;
}

/** The item's calendar day ('YYYY-MM-DD', in the zone it is held in) as a long date ('ll': 'May 3, 2026'). */
export function formatDay(date: string): string {
  return formatCalendarDay(date, 'll');
}

/** The time of day of a timed item, in the user's language ('LT': '2:30 PM'). */
export function formatTime(item: UpcomingItem, facilityZoneId: string): string {
  return formatTimeOfDay(item.rawDate, startZone(item, facilityZoneId));
}
