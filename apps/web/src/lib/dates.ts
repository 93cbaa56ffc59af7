import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMATS } from '@portal/contracts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(localizedFormat);

type DateInput = string | number | Date;

// The one owner of dayjs in the web app (a lint rule keeps it so): every date rule of the pages is here.

/**
 * The one way to read a calendar day: the YYYY-MM-DD a value starts with ('2026-03-05' or
 * '2026-03-05T00:00:00'), or null when the value is not a string holding a real date ('2025-02-30' is not).
 */
export function calendarDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real ? value.trim().slice(0, 10) : null;
}

/** A calendar day as the browser's local midnight of that day (for rules that count whole local days). */
export function localMidnight(day: string): Date {
  const [y, m, d] = (calendarDay(day) ?? day).split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayIn(instant: DateInput, timeZoneId: string): string {
  return dayjs(instant).tz(timeZoneId).format(DATE_FORMATS.apiDate);
}

/** Noon of a calendar day in a zone, in epoch ms: a day without a time, placed where no zone moves it to another day. */
export function middayIn(day: string, timeZoneId: string): number {
  return dayjs.tz(`${calendarDay(day) ?? day} 12:00:00`, timeZoneId).valueOf();
}

/** Whole calendar days from one day to another (negative when `to` is earlier); NaN when either is not a day. */
export function daysBetween(from: string, to: string): number {
  const a = calendarDay(from);
  const b = calendarDay(to);
  if (a === null || b === null) return Number.NaN;
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The start of the day `months` calendar months before `now`, in a zone (31 May less 3 months is the last day of February). */
export function startOfDayMonthsBefore(now: Date, months: number, timeZoneId: string): number {
  return dayjs(now).tz(timeZoneId).subtract(months, 'month').startOf('day').valueOf();
}

/**
 * A calendar day in the user's language, never moved by a time zone: 'll' ('Mar 5, 2026', the default)
 * or another dayjs format such as 'L' (03/05/2026). A value that is not a day is formatted as it is.
 */
export function formatDay(value: string, format: string = DATE_FORMATS.list): string {
  return dayjs(calendarDay(value) ?? value).format(format);
}

/**
 * The time of day of an instant in the user's language ('LT': '2:30 PM'), in an IANA zone or at a fixed
 * offset from UTC in minutes.
 */
export function formatTimeOfDay(instant: DateInput, zone: string | { offsetMinutes: number }): string {
  const at = typeof zone === 'string' ? dayjs(instant).tz(zone) : dayjs(instant).utcOffset(zone.offsetMinutes);
  return at.format('LT');
}

/** A full date-time, always MM/DD/YYYY h:mm A, in the facility's time zone. */
export function formatDateTime(value: DateInput, timeZoneId: string): string {
  return dayjs(value).tz(timeZoneId).format(DATE_FORMATS.fullDateTime);
}

/**
 * Dates in lists: today shows only the time, this year 'MMM D', earlier years the long date ('ll').
 * A value without a time part (a calendar day such as '2026-03-05', or hasTime false) is taken as 12:00
 * that day in the zone, so it never slips to the day before, and shows no time.
 */
export function formatListDate(
  value: DateInput,
  options: { timeZoneId: string; now?: Date; hasTime?: boolean },
): string {
  const day = typeof value === 'string' && !value.includes('T') ? calendarDay(value) : null;
  const dayOnly = day !== null;
  const d = dayjs(day !== null ? middayIn(day, options.timeZoneId) : value).tz(options.timeZoneId);
  const now = dayjs(options.now ?? new Date()).tz(options.timeZoneId);
  const hasTime = !dayOnly && (options.hasTime ?? true);
  if (d.isSame(now, 'day') && hasTime) return d.format('LT');
  if (d.isSame(now, 'year')) return d.format('MMM D');
  return d.format(DATE_FORMATS.list);
}

/** Sets the date library's language (its locale files load on demand). */
export async function setDateLocale(localeData: string): Promise<void> {
  if (localeData !== 'en') {
    const loaders: Record<string, () => Promise<unknown>> = {
      'en-ca': () => import('dayjs/locale/en-ca'),
      'en-gb': () => import('dayjs/locale/en-gb'),
      es: () => import('dayjs/locale/es'),
      'fr-ca': () => import('dayjs/locale/fr-ca'),
      'pt-br': () => import('dayjs/locale/pt-br'),
      zh: () => import('dayjs/locale/zh'),
    };
    await loaders[localeData]?.();
  }
  dayjs.locale(localeData);
}

/**
 * The zone's name in the user's language ('Eastern Time'), else its abbreviation: right all year, where
 * an abbreviation (EST) is wrong half of it. Used by every time zone note.
 */
export function timeZoneName(timeZoneId: string, abbreviation: string, locale: string): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone: timeZoneId, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return part && !/^GMT/.test(part) ? part : abbreviation;
  } catch {
    return abbreviation;
  }
}
