import { weekStartOf, type LocaleData, type SupportedLocale, type WeekStart } from '@portal/contracts';
import { formatDayIn } from '../lib/dates';

// The rules of the date field (components/DateField.tsx), free of React so they are tested on their own. Days
// are calendar days, 'YYYY-MM-DD' strings, compared as strings and counted in UTC, so no time zone ever moves one.
// The names of the months come from the date library (lib/dates.ts) in the language it has loaded, so the field
// reads as the calendar beside it does.

/** The spec's 'MMM d, yyyy' (DATE_FORMATS.picker) in the date library's tokens: 'Mar 5, 2024'. */
export const PICKER_FORMAT = 'MMM D, YYYY';

/** The days a field allows when its page sets no limit. */
export const DEFAULT_RANGE: DayRange = { min: '1900-01-01', max: '2100-12-31' };

/** The first and last day a field allows, both included. */
export interface DayRange {
  min: string;
  max: string;
}

/** A language's twelve month names, January first: in full ('March') and short ('Mar'). */
export interface MonthNames {
  long: readonly string[];
  short: readonly string[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The day of a year, month (1-12) and day of month, or null when there is no such day (30 February). */
export function dayOf(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The parts of a day: [year, month 1-12, day of month]. */
export function partsOf(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** A day moved by whole days (negative: earlier). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = partsOf(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * A day moved by whole months, on the same day of the month or the last one the month has (31 January plus one
 * month is 28 or 29 February), as a calendar's Page Down does.
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = partsOf(day);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The first day of the day's month: the month a calendar shows. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The range a field allows: its own limits where it has them, else DEFAULT_RANGE's. */
export function rangeOf(minDate?: string | null, maxDate?: string | null): DayRange {
  return { min: minDate ?? DEFAULT_RANGE.min, max: maxDate ?? DEFAULT_RANGE.max };
}

export function inRange(day: string, range: DayRange): boolean {
  return day >= range.min && day <= range.max;
}

/** The nearest day the range allows. */
export function clampDay(day: string, range: DayRange): string {
  return day < range.min ? range.min : day > range.max ? range.max : day;
}

/** The years the year select offers, first to last. */
export function yearsOf(range: DayRange): number[] {
  const first = partsOf(range.min)[0];
  const last = partsOf(range.max)[0];
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** True when a month (1-12) of a year has a day the range allows: the month select offers only those. */
export function monthAllowed(year: number, month: number, range: DayRange): boolean {
  const key = `${pad(year, 4)}-${pad(month)}`;
  return key >= range.min.slice(0, 7) && key <= range.max.slice(0, 7);
}

/**
 * The month a calendar shows after the month or year select moved it to `year` and `month`: that month, or the
 * nearest the range allows (picking 2000 in a range that starts in March 2000 shows March).
 */
export function shownMonth(year: number, month: number, range: DayRange): string {
  return monthOf(clampDay(`${pad(year, 4)}-${pad(month)}-01`, { min: monthOf(range.min), max: range.max }));
}

/** The month the calendar opens on: the chosen day's, else today's (or the nearest the range allows). */
export function openingMonth(value: string | null, today: string, range: DayRange): string {
  return monthOf(value && inRange(value, range) ? value : clampDay(today, range));
}

/**
 * The day of a shown month that has the keyboard when the calendar opens, as the calendar itself puts it in the
 * tab order: the chosen day, else today, else the month's first day the range allows.
 */
export function focusDay(month: string, value: string | null, today: string, range: DayRange): string {
  const ofMonth = (day: string | null) => day !== null && day.slice(0, 7) === month.slice(0, 7) && inRange(day, range);
  if (ofMonth(value)) return value!;
  if (ofMonth(today)) return today;
  return clampDay(month, range);
}

/** The first day of the week: Sunday (0) for en-US, en-CA, en-AU, fr-CA and pt-BR, Monday (1) for en-GB, es and zh. */
export function firstDayOfWeek(locale: SupportedLocale): WeekStart {
  return weekStartOf(locale);
}

/** A day as the field shows it, 'MMM D, YYYY' in the language's words: 'Mar 5, 2024', 'mar 5, 2024', '3月 5, 2024'. */
export function formatPickerDay(day: string, localeData: LocaleData): string {
  return formatDayIn(day, PICKER_FORMAT, localeData);
}

/** The month names of a language, as the date library writes them. */
export function monthNamesOf(localeData: LocaleData): MonthNames {
  const name = (month: number, format: string) => formatDayIn(`2000-${pad(month)}-01`, format, localeData);
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  return { long: months.map((m) => name(m, 'MMMM')), short: months.map((m) => name(m, 'MMM')) };
}

/** Lower case, no accents, no dots: 'Févr.' and 'fevr' compare equal. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '')
    .trim();
}

/** Words between the parts of a written date that say nothing ('5 de marzo de 2024'). */
const FILLER = new Set(['de', 'del', 'le', 'the', 'of']);

/** The month (1-12) a word names in any of the languages: a month's name, its short name, or 3+ letters of its name. */
function monthNamed(word: string, languages: readonly MonthNames[]): number | null {
  const w = fold(word);
  if (w === '') return null;
  const found = new Set<number>();
  for (const names of languages) {
    names.long.forEach((long, i) => {
      const full = fold(long);
      const short = fold(names.short[i] ?? '');
      if (w === full || w === short || (w.length >= 3 && /^\p{L}+$/u.test(w) && full.startsWith(w))) found.add(i + 1);
    });
  }
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * The day a person typed, or null when it does not read as one (the field then ignores it). Read in the forms
 * people write a date in, with a four-digit year: 'Mar 5, 2024' (as the field shows it, in any of `languages`:
 * 'mar 5, 2024', 'mars 5, 2024', '3月 5, 2024'), 'March 5 2024', '5 Mar 2024', '5 de marzo de 2024', '3/5/2024'
 * (digits only are month first everywhere, as the portal's MM/DD/YYYY is), '2024-03-05' and '2024年3月5日'.
 */
export function parseTypedDay(text: string, languages: readonly MonthNames[]): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  let match =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(typed) ??
    /^(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日?$/.exec(typed);
  if (match) return dayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(typed);
  if (match) return dayOf(Number(match[3]), Number(match[1]), Number(match[2]));

  const words = typed
    .split(/[\s,]+/)
    .map((w) => w.replace(/\.$/, ''))
    .filter((w) => w !== '' && !FILLER.has(fold(w)));
  if (words.length !== 3) return null;
  let year: number | null = null;
  let dayOfMonth: number | null = null;
  let month: number | null = null;
  for (const word of words) {
    if (/^\d{4}$/.test(word) && year === null) year = Number(word);
    else if (/^\d{1,2}$/.test(word) && dayOfMonth === null) dayOfMonth = Number(word);
    else if (month === null) month = monthNamed(word, languages);
    else return null;
  }
  if (year === null || dayOfMonth === null || month === null) return null;
  return dayOf(year, month, dayOfMonth);
}
