import { reminderTiming } from '@portal/contracts';
import { addDays, localDate, zonedInstant } from '../../platform/time/time';
import type { DatedEvent } from './reminders.repository';

// When reminders and digests go out, on the facility's wall clock (pure; the reminders job asks).

/** The hour, on the facility's clock, at which the day's reminders and digests go out. */
export const REMINDER_HOUR = 8;
/** A reminder or digest not sent within this time of its hour (the portal was down) is not sent late. */
export const SEND_WINDOW_MS = 24 * 3_600_000;

/** The instant a reminder `days` before an event on `date` goes out. */
export function reminderSendAt(date: string, days: number, timeZoneId: string): Date {
  return zonedInstant(addDays(date, -days), REMINDER_HOUR, 0, timeZoneId);
}

/** A 'before' reminder is due: its hour has come, not more than the window ago, and the event is still ahead. */
export function isReminderDue(now: Date, sendAt: Date, event: DatedEvent): boolean {
  const t = now.getTime();
  return t >= sendAt.getTime() && t < sendAt.getTime() + SEND_WINDOW_MS && t < event.startsAt.getTime();
}

/** The 'before' offset of a timing id, in days, or undefined (off or a digest). */
export function daysBefore(offsetId: number): number | undefined {
  const timing = reminderTiming(offsetId);
  return timing.kind === 'before' ? timing.days : undefined;
}

/** The digest period of a timing id, or undefined. */
export function digestOf(offsetId: number): 'weekly' | 'monthly' | undefined {
  const timing = reminderTiming(offsetId);
  return timing.kind === 'digest' ? timing.period : undefined;
}

export interface DigestPeriod {
  period: 'weekly' | 'monthly';
  /** The ledger's subject: the week's Monday ('2026-11-30') or the month ('2026-12'). */
  key: string;
  /** First and last day covered (YYYY-MM-DD). */
  from: string;
  to: string;
}

/**
 * The digest due at `now`, if any: the weekly one on Monday (that day to Sunday), the monthly one on the 1st (the
 * whole month), each from REMINDER_HOUR for the send window.
 */
export function dueDigest(now: Date, period: 'weekly' | 'monthly', timeZoneId: string): DigestPeriod | undefined {
  const today = localDate(now, timeZoneId);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  let from: string;
  let to: string;
  let key: string;
  if (period === 'weekly') {
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday
    if (weekday !== 1) return undefined;
    from = today;
    to = addDays(today, 6);
    key = today;
  } else {
    if (d !== 1) return undefined;
    from = today;
    to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    key = today.slice(0, 7);
  }
  const sendAt = zonedInstant(today, REMINDER_HOUR, 0, timeZoneId);
  const t = now.getTime();
  if (t < sendAt.getTime() || t >= sendAt.getTime() + SEND_WINDOW_MS) return undefined;
  return { period, key, from, to };
}
