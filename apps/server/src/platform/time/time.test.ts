import { describe, expect, it } from 'vitest';
import { describeTimeZone, localDate, localHour, localTime, zoneAbbreviation } from './time';

const january = new Date('2026-01-15T12:00:00Z');
const july = new Date('2026-07-15T12:00:00Z');

describe('describeTimeZone', () => {
  it('gives standard time in winter', () => {
    expect(describeTimeZone('America/New_York', january)).toEqual({
      id: 'America/New_York',
      abbreviation: 'EST',
      offset: -300,
    });
  });

  it('gives daylight saving time in summer', () => {
    expect(describeTimeZone('America/New_York', july)).toEqual({
      id: 'America/New_York',
      abbreviation: 'EDT',
      offset: -240,
    });
  });

  it('gives offset 0 for UTC', () => {
    expect(describeTimeZone('UTC', january)).toMatchObject({ id: 'UTC', offset: 0 });
  });

  it('counts minutes for zones east of UTC and for half hours', () => {
    expect(describeTimeZone('Asia/Kolkata', january).offset).toBe(330);
    expect(describeTimeZone('Europe/Paris', july).offset).toBe(120);
  });
});

describe('zoneAbbreviation', () => {
  it('follows daylight saving to the minute, also when the same moment is asked again (kept answers)', () => {
    const beforeChange = new Date('2026-03-08T06:59:00Z'); // 01:59 EST, the last minute before 03:00 EDT
    const afterChange = new Date('2026-03-08T07:00:00Z');
    for (let round = 0; round < 2; round++) {
      expect(zoneAbbreviation('America/New_York', beforeChange)).toBe('EST');
      expect(zoneAbbreviation('America/New_York', afterChange)).toBe('EDT');
      expect(zoneAbbreviation('America/Chicago', afterChange)).toBe('CST');
    }
  });

  it('keeps answers apart by zone and moment, and still answers after more moments than it keeps', () => {
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 10_050; i++) zoneAbbreviation('America/New_York', new Date(start + i * 60_000));
    expect(zoneAbbreviation('America/New_York', july)).toBe('EDT');
    expect(zoneAbbreviation('America/New_York', january)).toBe('EST');
  });
});

describe('localTime', () => {
  it('is the wall-clock time of day in the zone, 24 h, midnight as 00', () => {
    expect(localTime(new Date('2026-07-04T03:30:00Z'), 'America/New_York')).toBe('23:30');
    expect(localTime(new Date('2026-01-15T05:05:00Z'), 'America/New_York')).toBe('00:05');
    expect(localTime(new Date('2026-01-15T13:45:00Z'), 'Asia/Shanghai')).toBe('21:45');
  });
});

describe('localDate and localHour', () => {
  it('are the calendar day and hour on the zone’s clock, from a Date or an ISO string, zone by zone', () => {
    const lateEvening = '2026-07-04T03:30:00Z';
    expect(localDate(lateEvening, 'America/New_York')).toBe('2026-07-03');
    expect(localDate(new Date(lateEvening), 'Asia/Shanghai')).toBe('2026-07-04');
    expect(localHour(new Date(lateEvening), 'America/New_York')).toBe(23);
    expect(localHour(new Date(lateEvening), 'Asia/Shanghai')).toBe(11);
    // Each zone keeps its own formatter: asking New York again after Shanghai still answers New York's day.
    expect(localDate(lateEvening, 'America/New_York')).toBe('2026-07-03');
  });

  it('refuse an unknown zone every time (a bad zone is never kept as if it were one)', () => {
    expect(() => localDate(january, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => localDate(january, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => localTime(january, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
