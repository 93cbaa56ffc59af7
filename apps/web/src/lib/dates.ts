import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMATS } from '@portal/contracts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(localizedFormat);

type DateInput = string | number | Date;

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
  const dayOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = dayOnly ? dayjs.tz(`${value} 12:00:00`, options.timeZoneId) : dayjs(value).tz(options.timeZoneId);
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
