import dayjs, { type Dayjs } from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMATS } from '@portal/contracts';

dayjs.extend(utc);
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

// The date library's own zone conversion (.tz) formats the instant to a string and parses it back on every call: in
// a list of results it took a third of the page's first render. An instant is put in its zone here instead, at the
// zone's offset for that instant, read with one kept formatter per zone (the same fixed-offset result .tz gives).
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of a zone at an instant (epoch ms). */
function wallClockIn(ms: number, timeZoneId: string): WallClock {
  let format = zoneFormats.get(timeZoneId);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZoneId,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZoneId, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = Number(value);
  return {
    year: part.year!,
    month: part.month!,
    day: part.day!,
    hour: part.hour!,
    minute: part.minute!,
    second: part.second!,
  };
}

/** The zone's offset from UTC in minutes at an instant (epoch ms). */
function zoneOffsetMinutes(ms: number, timeZoneId: string): number {
  const { year, month, day, hour, minute, second } = wallClockIn(ms, timeZoneId);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** An instant as the wall clock of a zone shows it. */
function inZone(instant: DateInput, timeZoneId: string): Dayjs {
  const at = dayjs(instant);
  const offset = zoneOffsetMinutes(at.valueOf(), timeZoneId);
  // The library reads an offset between -16 and 16 as hours; no zone is that close to UTC but UTC itself.
  return offset === 0 ? at.utc() : at.utcOffset(offset);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayIn(instant: DateInput, timeZoneId: string): string {
  return inZone(instant, timeZoneId).format(DATE_FORMATS.apiDate);
}

const wallTimes = new Map<string, number>();

/**
 * A wall-clock time (hour of the day) of a calendar day in a zone, in epoch ms, daylight saving included: the
 * zone's offset is read at a first guess and settled in at most three rounds, as the server places a day's hour
 * (the date library's own parsing in a zone costs a list's first render milliseconds). Kept, as it never changes.
 */
function wallTimeIn(day: string, hour: number, timeZoneId: string): number {
  const key = `${timeZoneId}|${day}|${hour}`;
  let at = wallTimes.get(key);
  if (at === undefined) {
    const [y, m, d] = (calendarDay(day) ?? day).split('-').map(Number) as [number, number, number];
    const wall = Date.UTC(y, m - 1, d, hour);
    at = wall;
    for (let round = 0; round < 3; round++) at = wall - zoneOffsetMinutes(at, timeZoneId) * 60_000;
    if (wallTimes.size >= 5_000) wallTimes.clear();
    wallTimes.set(key, at);
  }
  return at;
}

/** A calendar day (YYYY-MM-DD) from its parts, the month and day moved into range as Date.UTC does. */
function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Noon of a calendar day in a zone, in epoch ms: a day without a time, placed where no zone moves it to another day. */
export function middayIn(day: string, timeZoneId: string): number {
  return wallTimeIn(day, 12, timeZoneId);
}

/** Whole calendar days from one day to another (negative when `to` is earlier); NaN when either is not a day. */
export function daysBetween(from: string, to: string): number {
  const a = calendarDay(from);
  const b = calendarDay(to);
  if (a === null || b === null) return Number.NaN;
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Per zone and number of months: the answer, and the zone's day (from, until: epoch ms) it holds for. */
const monthsBeforeKept = new Map<string, { from: number; until: number; start: number }>();

/**
 * The start of the day `months` calendar months before `now`, in a zone (31 May less 3 months is the last day of
 * February). A list's date filter asks for every row with the same `now`: the answer is kept for the rest of the
 * zone's day, so only the first row puts `now` in its zone.
 */
export function startOfDayMonthsBefore(now: Date, months: number, timeZoneId: string): number {
  const key = `${timeZoneId}|${months}`;
  const at = now.getTime();
  const kept = monthsBeforeKept.get(key);
  if (kept && at >= kept.from && at < kept.until) return kept.start;
  const { year, month, day } = wallClockIn(at, timeZoneId);
  // The same day of the month, or the month's last day when it is shorter.
  const lastDayThen = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  const start = wallTimeIn(isoDay(year, month - months, Math.min(day, lastDayThen)), 0, timeZoneId);
  const from = wallTimeIn(isoDay(year, month, day), 0, timeZoneId);
  const until = wallTimeIn(isoDay(year, month, day + 1), 0, timeZoneId);
  monthsBeforeKept.set(key, { from, until, start });
  return start;
}

/*
 * How dates read (one rule for every page):
 * - In a language that writes a numeric date month first (US English), the spec's fixed formats are kept: a
 *   full date-time is MM/DD/YYYY h:mm A (spec 000), 'MMM DD, YYYY' for questionnaires (spec 001), 'L' for
 *   the treatment summary, the list rule's 'MMM D' for a day of this year (spec 002).
 * - In every other language a date names its month, in the language's own order ('30 de nov de 2025',
 *   '30 nov. 2025', '2025年11月30日'): a reader who writes the day first never meets 04/05/2026 and reads
 *   4 May (issue 32, finding 7), nor 'dic 01, 2026'. A full date-time is that date and the time.
 * - Where the spec leaves the form to the language ('ll'), the date names its month everywhere.
 * - A time of day is the time part of the fixed format, h:mm A, everywhere (the dashboard, the lists and
 *   the appointments page read alike). A is the half of the day in the user's language: AM/PM, and in
 *   Chinese 上午/下午 (the Chinese words for AM and PM; the date library's six periods of the day would write
 *   11:00 as 中午, "noon", and 19:00 as 晚上).
 */

/** The time part of the spec's fixed MM/DD/YYYY h:mm A. */
const TIME_OF_DAY = DATE_FORMATS.fullDateTime.slice(DATE_FORMATS.fullDateTime.indexOf(' ') + 1);

/** AM and PM where the language has words of its own for them (else the date library's AM/PM). */
const MERIDIEMS: Record<string, readonly [string, string]> = { zh: ['上午', '下午'] };

/** A dayjs format with its meridiem (A) written out in the user's language as AM or PM. */
function withMeridiem(d: Dayjs, format: string): string {
  const words = MERIDIEMS[d.locale().split('-')[0] ?? ''];
  if (!words || !format.includes('A')) return d.format(format);
  return d.format(format.replace('A', `[${d.hour() < 12 ? words[0] : words[1]}]`));
}

const monthFirst = new Map<string, boolean>();

/** True when the language writes a numeric date month first (MM/DD/YYYY), as the spec's fixed format does. */
function numericDateIsMonthFirst(): boolean {
  const locale = dayjs.locale();
  let answer = monthFirst.get(locale);
  if (answer === undefined) {
    answer = dayjs('2000-11-30').format('L') === '11/30/2000';
    monthFirst.set(locale, answer);
  }
  return answer;
}

/**
 * A calendar day in the user's language, never moved by a time zone: 'll' ('Mar 5, 2026', the default,
 * '5 de mar de 2026', '2026年3月5日'), or in US English a fixed format of the spec: 'L', the treatment
 * summary's MM/DD/YYYY, or the questionnaires' 'MMM DD, YYYY' ('Jan 05, 2024'); every other language has
 * the month-named 'll' for both. A value that is not a day is formatted as it is.
 */
export function formatDay(
  value: string,
  format:
    | typeof DATE_FORMATS.list
    | typeof DATE_FORMATS.treatmentSummary
    | typeof DATE_FORMATS.questionnaire = DATE_FORMATS.list,
): string {
  const shown = numericDateIsMonthFirst() ? format : DATE_FORMATS.list;
  return dayjs(calendarDay(value) ?? value).format(shown);
}

/**
 * The time of day of an instant ('2:30 PM', Chinese '2:30 下午'), in an IANA zone or at a fixed offset
 * from UTC in minutes.
 */
export function formatTimeOfDay(instant: DateInput, zone: string | { offsetMinutes: number }): string {
  const at = typeof zone === 'string' ? inZone(instant, zone) : dayjs(instant).utcOffset(zone.offsetMinutes);
  return withMeridiem(at, TIME_OF_DAY);
}

/**
 * A full date-time in the given time zone: MM/DD/YYYY h:mm A in US English ('03/05/2026 1:07 PM'), the
 * month-named date and the time in other languages ('5 de mar de 2026 1:07 PM', '2026年3月5日 1:07 下午'); with
 * `hasTime` false, the date part alone.
 */
export function formatDateTime(value: DateInput, timeZoneId: string, hasTime = true): string {
  const { date, time } = formatDateTimeParts(value, timeZoneId, hasTime);
  return time === null ? date : `${date} ${time}`;
}

/** formatDateTime's date and time of day apart (a page that keeps the time on one line); time null without one. */
export function formatDateTimeParts(
  value: DateInput,
  timeZoneId: string,
  hasTime = true,
): { date: string; time: string | null } {
  const d = inZone(value, timeZoneId);
  const time = hasTime ? withMeridiem(d, TIME_OF_DAY) : null;
  if (!numericDateIsMonthFirst()) {
    // The zone's calendar day, formatted as a plain day.
    return { date: dayjs(d.format(DATE_FORMATS.apiDate)).format(DATE_FORMATS.list), time };
  }
  return { date: d.format(DATE_FORMATS.fullDateTime.slice(0, DATE_FORMATS.fullDateTime.indexOf(' '))), time };
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
  const d = inZone(day !== null ? middayIn(day, options.timeZoneId) : value, options.timeZoneId);
  const now = inZone(options.now ?? new Date(), options.timeZoneId);
  const hasTime = !dayOnly && (options.hasTime ?? true);
  // Both read on the zone's wall clock: the same calendar day, the same year.
  if (d.format(DATE_FORMATS.apiDate) === now.format(DATE_FORMATS.apiDate) && hasTime)
    return withMeridiem(d, TIME_OF_DAY);
  if (d.year() === now.year()) return d.format('MMM D');
  return d.format(DATE_FORMATS.list);
}

/**
 * A calendar day ('YYYY-MM-DD') in a format of the date library, in the words of a language whose locale data is
 * loaded (setDateLocale): the date picker's 'MMM D, YYYY' ('Mar 5, 2024', 'mar 5, 2024', '3月 5, 2024') and its
 * month names.
 */
export function formatDayIn(day: string, format: string, localeData: string): string {
  return dayjs(day).locale(localeData).format(format);
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
