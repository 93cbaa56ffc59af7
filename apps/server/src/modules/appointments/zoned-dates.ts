import { describeTimeZone } from '../facilities/time-zone';

/** The calendar date (YYYY-MM-DD) an instant falls on in an IANA zone. */
export function localDate(at: Date, timeZoneId: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZoneId,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The first instant of a calendar day in a zone (daylight saving included). */
export function startOfLocalDay(date: string, timeZoneId: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let instant = wall;
  // Two rounds settle the offset, a third covers a change of offset between the guesses.
  for (let i = 0; i < 3; i++) instant = wall - describeTimeZone(timeZoneId, new Date(instant)).offset * 60_000;
  return new Date(instant);
}

/** A calendar day shown without a time: noon UTC, which is the same day in every zone of the Americas and Europe. */
export function dayAtNoonUtc(date: string): Date {
  return new Date(`${date}T12:00:00.000Z`);
}
