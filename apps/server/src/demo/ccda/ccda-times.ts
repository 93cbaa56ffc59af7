import { addDays, localDate, offsetMinutes } from '../../platform/time/time';

// The times of a C-CDA document: HL7 TS of an instant (with its offset) or of a calendar day.

/** HL7 TS of an instant on a zone's wall clock with its offset: '20250305142500-0500'. */
export function hl7Instant(at: Date, timeZoneId: string): string {
  const offset = offsetMinutes(timeZoneId, at);
  const wall = new Date(at.getTime() + offset * 60_000);
  const digits = wall.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${digits}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** HL7 TS of a calendar day: '20250305' for '2025-03-05'. */
export function hl7Day(date: string): string {
  return date.replace(/-/g, '');
}

/** The calendar day `days` before `now` in a zone. */
export function dayBefore(now: Date, days: number, timeZoneId: string): string {
  return addDays(localDate(now, timeZoneId), -days);
}
