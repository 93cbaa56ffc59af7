// HL7 V3 TS (point in time) as C-CDA writes it: YYYY[MM[DD[HH[MM[SS[.S{1,4}]]]]]][+|-ZZZZ]. Precision is what
// the sender knew (a birth date to the day, a visit to the minute), so it is kept, never filled in: '20240305' is
// the calendar day, not midnight of some zone.

export type Hl7TimePrecision = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

export interface Hl7Time {
  /** The value as written ('202403051230-0500'). */
  value: string;
  precision: Hl7TimePrecision;
  /** ISO 8601 to the same precision: '2024', '2024-03', '2024-03-05', '2024-03-05T12:30-05:00', '2024-03-05T12:30:00.000+01:00'. */
  iso: string;
  /** The calendar day as written (the sender's wall clock), 'YYYY-MM-DD'; null below day precision. */
  day: string | null;
  /** The wall-clock time as written, 'HH:MM' or 'HH:MM:SS[.fff]'; null without a time. */
  time: string | null;
  /** The UTC offset as written, '-05:00'; null when none was given. */
  offset: string | null;
  /** The instant in UTC (ISO), only when a time and an offset make it one. */
  instant: string | null;
}

const TS_PATTERN =
  /^(\d{4})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:\.(\d{1,4}))?)?)?)?)?)?(?:([+-])(\d{2})(\d{2}))?$/;

/** Parses an HL7 TS value; null for a missing, malformed or impossible one (month 13, February 30). */
export function parseHl7Time(value: string | null | undefined): Hl7Time | null {
  if (!value) return null;
  const trimmed = value.trim();
  const match = TS_PATTERN.exec(trimmed);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] = match;
  const y = Number(year);
  if (month !== undefined && !between(Number(month), 1, 12)) return null;
  if (day !== undefined && !between(Number(day), 1, daysInMonth(y, Number(month)))) return null;
  if (hour !== undefined && !between(Number(hour), 0, 23)) return null;
  if (minute !== undefined && !between(Number(minute), 0, 59)) return null;
  // 60 is a leap second, which TS allows; JavaScript dates do not, so the instant uses 59.
  if (second !== undefined && !between(Number(second), 0, 60)) return null;
  if (offsetHours !== undefined && (!between(Number(offsetHours), 0, 14) || !between(Number(offsetMinutes), 0, 59))) {
    return null;
  }

  const precision: Hl7TimePrecision =
    second !== undefined
      ? 'second'
      : minute !== undefined
        ? 'minute'
        : hour !== undefined
          ? 'hour'
          : day !== undefined
            ? 'day'
            : month !== undefined
              ? 'month'
              : 'year';
  const calendarDay = day !== undefined ? `${year}-${month}-${day}` : null;
  let time: string | null = null;
  if (hour !== undefined) {
    time = `${hour}:${minute ?? '00'}`;
    if (second !== undefined) time += `:${second}${fraction !== undefined ? `.${fraction}` : ''}`;
  }
  const offset = sign !== undefined ? `${sign}${offsetHours}:${offsetMinutes}` : null;

  let iso = calendarDay ?? (month !== undefined ? `${year}-${month}` : `${year}`);
  if (time) iso += `T${time}`;
  // An offset on a date alone says nothing ISO can keep; it only matters with a time.
  if (time && offset) iso += offset;

  let instant: string | null = null;
  if (calendarDay && time && offset) {
    const offsetMs = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
    const wall = utc(
      y,
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute ?? 0),
      Math.min(Number(second ?? 0), 59),
      fraction !== undefined ? Math.floor(Number(`0.${fraction}`) * 1000) : 0,
    );
    instant = new Date(wall - offsetMs).toISOString();
  }
  return { value: trimmed, precision, iso, day: calendarDay, time, offset, instant };
}

function between(n: number, min: number, max: number): boolean {
  return n >= min && n <= max;
}

/** Date.UTC without its reading of years 0-99 as 1900-1999. */
function utc(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  return new Date(utc(year, month, 0)).getUTCDate();
}
