import { startOfDayMonthsBefore } from '../lib/dates';

/** The date filters of the clinical lists (spec 002 section 9): All, Last 3, 6 and 9 months. */
export const MONTH_FILTERS = ['All', 'Last3Months', 'Last6Months', 'Last9Months'] as const;
export type MonthFilter = (typeof MONTH_FILTERS)[number];

const MONTHS: Record<MonthFilter, number | null> = { All: null, Last3Months: 3, Last6Months: 6, Last9Months: 9 };

/** The language-pack key of a filter's label. */
export const monthFilterLabelKey = (filter: MonthFilter) => `dateFilter.${filter}`;

/**
 * A saved filter: `fallback` when none was saved (each list has its own default), the filter when the
 * value names one (any case, with or without spaces: 'Last 3 Months'), else All: any other value matches all.
 */
export function parseMonthFilter(value: string | null | undefined, fallback: MonthFilter): MonthFilter {
  if (value === null || value === undefined) return fallback;
  const squeezed = value.replace(/\s+/g, '').toLowerCase();
  return MONTH_FILTERS.find((f) => f.toLowerCase() === squeezed) ?? 'All';
}

/**
 * Whether a date passes the filter: All passes everything; 'Last N months' passes dates from the same day
 * N calendar months ago (start of that day) onwards, the day counted in `timeZoneId` when given (the
 * facility's, as the list shows it), else in the browser's zone. A date that does not parse passes only All.
 */
export function inMonthFilter(
  date: string | Date,
  filter: MonthFilter,
  now: Date = new Date(),
  timeZoneId?: string,
): boolean {
  const months = MONTHS[filter] ?? null;
  if (months === null) return true;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return false;
  if (timeZoneId) {
    return value.getTime() >= startOfDayMonthsBefore(now, months, timeZoneId);
  }
  const from = new Date(now.getFullYear(), now.getMonth() - months, now.getDate());
  // 31 May minus 3 months is 28 or 29 February, not 2 March.
  if (from.getDate() !== now.getDate()) from.setDate(0);
  return value.getTime() >= from.getTime();
}
