// The server's one date module: calendar days and wall-clock times in IANA zones. Intl.DateTimeFormat objects
// are costly to build (building two per appointment row took 41% of the CPU under load), so each distinct
// set of options is built once and kept.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter for a locale and options (keyed by both; the options objects here are small). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/**
 * The zone clock's formatters, built once per zone: the hot reads (a date and a time per row) then cost one
 * map lookup and the format itself, not a key made of the options on every call.
 */
const ZONE_FORMATS = {
  date: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  time: ['en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  hour: ['en-US', { hour: 'numeric', hourCycle: 'h23' }],
  offset: ['en-US', { timeZoneName: 'longOffset' }],
  abbreviation: ['en-US', { timeZoneName: 'short' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;
type ZoneFormat = keyof typeof ZONE_FORMATS;
const zoneFormatters: Record<ZoneFormat, Map<string, Intl.DateTimeFormat>> = {
  date: new Map(),
  time: new Map(),
  hour: new Map(),
  offset: new Map(),
  abbreviation: new Map(),
};

/** The zone's formatter of a kind (an unknown zone throws a RangeError, as Intl does, and is not kept). */
function zoneFormatter(kind: ZoneFormat, timeZone: string): Intl.DateTimeFormat {
  const kept = zoneFormatters[kind];
  let format = kept.get(timeZone);
  if (!format) {
    const [locale, options] = ZONE_FORMATS[kind];
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    kept.set(timeZone, format);
  }
  return format;
}

/** Abbreviation and UTC offset (minutes) of an IANA zone at a given moment (they change with daylight saving). */
export function describeTimeZone(id: string, at: Date = new Date()) {
  return { abbreviation: zoneAbbreviation(id, at), id, offset: offsetMinutes(id, at) };
}

// formatToParts is the costly part of an appointment row: the same zone and moment come back on every read of
// the same appointments, so each answer is kept (a bounded map, emptied when full).
const abbreviations = new Map<string, string>();
const MAX_KEPT_ABBREVIATIONS = 10_000;

/** The zone's short name at a moment ('EST', 'EDT'; the zone id itself when there is none). */
export function zoneAbbreviation(id: string, at: Date): string {
  const key = `${id}|${at.getTime()}`;
  let abbreviation = abbreviations.get(key);
  if (abbreviation === undefined) {
    abbreviation =
      zoneFormatter('abbreviation', id)
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value || id;
    if (abbreviations.size >= MAX_KEPT_ABBREVIATIONS) abbreviations.clear();
    abbreviations.set(key, abbreviation);
  }
  return abbreviation;
}

/** The zone's offset from UTC in minutes at a moment ('GMT-05:00' is -300). */
export function offsetMinutes(timeZoneId: string, at: Date): number {
  const text =
    zoneFormatter('offset', timeZoneId)
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(text); // 'GMT' alone for UTC
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The calendar date (YYYY-MM-DD) an instant falls on in an IANA zone. */
export function localDate(at: Date | string, timeZoneId: string): string {
  return zoneFormatter('date', timeZoneId).format(typeof at === 'string' ? new Date(at) : at);
}

/** The hour (0-23) of an instant on the zone's wall clock. */
export function localHour(at: Date, timeZoneId: string): number {
  return Number(zoneFormatter('hour', timeZoneId).format(at));
}

/** The time of day (HH:mm, 24 h) of an instant on the zone's wall clock. */
export function localTime(at: Date, timeZoneId: string): string {
  return zoneFormatter('time', timeZoneId).format(at).replace(/^24/, '00');
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant of a wall-clock time on a calendar day in a zone (daylight saving included). */
export function zonedInstant(date: string, hour: number, minute: number, timeZoneId: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  let instant = wall;
  // Two rounds settle the offset, a third covers a change of offset between the guesses.
  for (let i = 0; i < 3; i++) instant = wall - offsetMinutes(timeZoneId, new Date(instant)) * 60_000;
  return new Date(instant);
}

/** The first instant of a calendar day in a zone. */
export function startOfLocalDay(date: string, timeZoneId: string): Date {
  return zonedInstant(date, 0, 0, timeZoneId);
}

/** A calendar day shown without a time: noon UTC, which is the same day in every zone of the Americas and Europe. */
export function dayAtNoonUtc(date: string): Date {
  return new Date(`${date}T12:00:00.000Z`);
}
