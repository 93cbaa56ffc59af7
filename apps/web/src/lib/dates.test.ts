import { afterAll, describe, expect, it } from 'vitest';
import {
  calendarDay,
  dayIn,
  daysBetween,
  formatDateTime,
  formatDay,
  formatListDate,
  formatTimeOfDay,
  localMidnight,
  middayIn,
  setDateLocale,
  startOfDayMonthsBefore,
} from './dates';

describe('formatDateTime', () => {
  it('shows MM/DD/YYYY h:mm A in the facility time zone', () => {
    expect(formatDateTime('2026-03-05T18:07:00Z', 'America/New_York')).toBe('03/05/2026 1:07 PM');
    expect(formatDateTime('2026-03-05T18:07:00Z', 'America/Los_Angeles')).toBe('03/05/2026 10:07 AM');
  });

  it('follows daylight saving time', () => {
    expect(formatDateTime('2026-07-05T18:07:00Z', 'America/New_York')).toBe('07/05/2026 2:07 PM');
  });

  it('crosses midnight into the previous day when the zone is behind UTC', () => {
    expect(formatDateTime('2026-01-01T02:30:00Z', 'America/Chicago')).toBe('12/31/2025 8:30 PM');
  });
});

describe('formatListDate', () => {
  const now = new Date('2026-11-21T15:00:00Z');
  const tz = 'America/New_York';
  it('shows only the time for today', () => {
    expect(formatListDate('2026-11-21T14:05:00Z', { timeZoneId: tz, now })).toBe('9:05 AM');
  });
  it('shows month and day for earlier this year', () => {
    expect(formatListDate('2026-03-05T14:05:00Z', { timeZoneId: tz, now })).toBe('Mar 5');
  });
  it('shows the long date for earlier years', () => {
    expect(formatListDate('2024-03-05T14:05:00Z', { timeZoneId: tz, now })).toBe('Mar 5, 2024');
  });
  it('takes a calendar day as noon that day, with no time, even today', () => {
    expect(formatListDate('2026-11-21', { timeZoneId: tz, now })).toBe('Nov 21');
    expect(formatListDate('2026-01-01', { timeZoneId: 'America/Los_Angeles', now })).toBe('Jan 1');
    expect(formatListDate('2025-12-31', { timeZoneId: 'Pacific/Auckland', now })).toBe('Dec 31, 2025');
  });
  it('hides the time of today when the value has none', () => {
    expect(formatListDate('2026-11-21T17:00:00Z', { timeZoneId: tz, now, hasTime: false })).toBe('Nov 21');
  });
});

describe('calendar days', () => {
  it('reads one from a day or a date-time, and only when the date is real', () => {
    expect(calendarDay('2026-03-05')).toBe('2026-03-05');
    expect(calendarDay(' 2026-03-05T00:00:00 ')).toBe('2026-03-05');
    expect(calendarDay('2025-02-30')).toBeNull();
    expect(calendarDay('03/05/2026')).toBeNull();
    expect(calendarDay(null)).toBeNull();
  });
  it('places a day at local midnight, or at noon in a zone', () => {
    const local = localMidnight('2026-03-05');
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours()]).toEqual([2026, 2, 5, 0]);
    expect(new Date(middayIn('2026-03-05', 'America/New_York')).toISOString()).toBe('2026-03-05T17:00:00.000Z');
  });
  it('finds the day of an instant in a zone and counts days between days', () => {
    expect(dayIn('2026-01-01T02:30:00Z', 'America/Chicago')).toBe('2025-12-31');
    expect(daysBetween('2026-03-09', '2026-03-16T10:00:00')).toBe(7);
    expect(daysBetween('2026-03-09', '2026-03-08')).toBe(-1);
    expect(daysBetween('2026-03-09', 'soon')).toBeNaN();
  });
  it('goes back whole months to the start of a day in a zone', () => {
    const from = startOfDayMonthsBefore(new Date('2026-05-31T15:00:00Z'), 3, 'America/New_York');
    expect(new Date(from).toISOString()).toBe('2026-02-28T05:00:00.000Z');
    // Across a change of daylight saving time (8 March 2026 in New York) and back into the year before.
    const june = startOfDayMonthsBefore(new Date('2026-06-10T12:00:00Z'), 3, 'America/New_York');
    expect(new Date(june).toISOString()).toBe('2026-03-10T04:00:00.000Z');
    const january = startOfDayMonthsBefore(new Date('2026-01-15T12:00:00Z'), 3, 'America/New_York');
    expect(new Date(january).toISOString()).toBe('2025-10-15T04:00:00.000Z');
    // Where the day starts east of Greenwich, and a leap day's month: 31 May less 3 months is 29 February 2028.
    const tokyo = startOfDayMonthsBefore(new Date('2028-05-31T03:00:00Z'), 3, 'Asia/Tokyo');
    expect(new Date(tokyo).toISOString()).toBe('2028-02-28T15:00:00.000Z');
    expect(new Date(middayIn('2026-07-04', 'America/Los_Angeles')).toISOString()).toBe('2026-07-04T19:00:00.000Z');
  });
  it('formats a day without moving it, and a time of day in a zone or at an offset', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDay('2026-03-05T23:30:00-05:00', 'L')).toBe('03/05/2026');
    expect(formatTimeOfDay('2026-03-05T15:00:00Z', 'America/Chicago')).toBe('9:00 AM');
    expect(formatTimeOfDay('2026-03-05T15:00:00Z', { offsetMinutes: -300 })).toBe('10:00 AM');
  });
});

describe('dates a reader cannot misread, in every language', () => {
  afterAll(() => setDateLocale('en'));
  const tz = 'America/New_York';
  const now = new Date('2026-11-21T15:00:00Z');
  // 30 Nov 2025 and 2 Dec 2025 (treatment summary); 9 Nov 2026 at 11:00 and 23 Nov at 19:00 (appointments).
  const cases = [
    {
      locale: 'en',
      treatment: ['11/30/2025', '12/02/2025'],
      long: 'Nov 30, 2025',
      dateTime: ['11/09/2026 11:00 AM', '11/23/2026 7:00 PM'],
      time: '7:00 PM',
    },
    {
      locale: 'es',
      treatment: ['30 de nov de 2025', '2 de dic de 2025'],
      long: '30 de nov de 2025',
      dateTime: ['9 de nov de 2026 11:00 AM', '23 de nov de 2026 7:00 PM'],
      time: '7:00 PM',
    },
    {
      locale: 'fr-ca',
      treatment: ['30 nov. 2025', '2 déc. 2025'],
      long: '30 nov. 2025',
      dateTime: ['9 nov. 2026 11:00 AM', '23 nov. 2026 7:00 PM'],
      time: '7:00 PM',
    },
    {
      locale: 'pt-br',
      treatment: ['30 de nov de 2025', '2 de dez de 2025'],
      long: '30 de nov de 2025',
      dateTime: ['9 de nov de 2026 11:00 AM', '23 de nov de 2026 7:00 PM'],
      time: '7:00 PM',
    },
    {
      locale: 'zh',
      treatment: ['2025年11月30日', '2025年12月2日'],
      long: '2025年11月30日',
      dateTime: ['2026年11月9日 11:00 上午', '2026年11月23日 7:00 下午'],
      time: '7:00 下午',
    },
  ];

  it.each(cases)('$locale: treatment summary days are MM/DD/YYYY or name the month', async (c) => {
    await setDateLocale(c.locale);
    expect([formatDay('2025-11-30', 'L'), formatDay('2025-12-02T00:00:00', 'L')]).toEqual(c.treatment);
    expect(formatDay('2025-11-30')).toBe(c.long);
    expect(formatListDate('2025-11-30', { timeZoneId: tz, now })).toBe(c.long);
  });

  it.each(cases)('$locale: a full date-time is MM/DD/YYYY h:mm A in English, else names its month', async (c) => {
    await setDateLocale(c.locale);
    const times = ['2026-11-09T16:00:00Z', '2026-11-24T00:00:00Z'];
    expect(times.map((v) => formatDateTime(v, tz))).toEqual(c.dateTime);
    expect(formatDateTime(times[0]!, tz, false)).toBe(c.dateTime[0]!.replace(/ \d+:\d\d .*$/, ''));
    // The questionnaires' 'MMM DD, YYYY' is English's; another language names the month its own way.
    expect(formatDay('2026-12-01', 'MMM DD, YYYY')).toBe(c.locale === 'en' ? 'Dec 01, 2026' : formatDay('2026-12-01'));
    // The dashboard's time of day and the list's time of today read as the appointments page's.
    expect(formatTimeOfDay(times[1]!, tz)).toBe(c.time);
    expect(formatListDate('2026-11-21T12:00:00-05:00', { timeZoneId: tz, now })).toBe(
      c.locale === 'zh' ? '12:00 下午' : '12:00 PM',
    );
  });

  it.each(cases)('$locale: no date shows day first in digits', async (c) => {
    await setDateLocale(c.locale);
    const shown = [
      formatDay('2025-11-30', 'L'),
      formatDay('2025-11-30'),
      formatDateTime('2025-11-30T16:00:00Z', tz),
      formatListDate('2025-11-30T16:00:00Z', { timeZoneId: tz, now }),
      formatListDate('2026-03-05T16:00:00Z', { timeZoneId: tz, now }),
    ];
    for (const text of shown) expect(text).not.toMatch(/\b30[/.-]11\b/);
  });

  it('keeps 11:00 and 12:30 in the morning and afternoon halves in Chinese, never 中午', async () => {
    await setDateLocale('zh');
    expect(formatTimeOfDay('2026-11-09T16:00:00Z', tz)).toBe('11:00 上午');
    expect(formatTimeOfDay('2026-11-09T17:30:00Z', tz)).toBe('12:30 下午');
    expect(formatTimeOfDay('2026-11-09T05:30:00Z', tz)).toBe('12:30 上午');
  });
});

describe('zones read at their offset for each instant', () => {
  const zones = [
    'UTC',
    'America/New_York',
    'America/St_Johns',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
  ];
  // Around the changes of 2026 (New York 8 March and 1 November, Lord Howe 5 April and 4 October) and at midnights.
  const instants = [
    '2026-03-08T06:59:59Z',
    '2026-03-08T07:00:00Z',
    '2026-11-01T05:59:59Z',
    '2026-11-01T06:00:00Z',
    '2026-04-04T14:59:59Z',
    '2026-04-04T15:00:00Z',
    '2026-10-03T15:29:59Z',
    '2026-10-03T15:30:00Z',
    '2026-12-31T18:14:59Z',
    '2026-12-31T18:15:00Z',
  ];
  const oracle = (instant: string, timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(instant),
    );

  it('give the calendar day the zone shows, to the second, across daylight saving and half-hour offsets', () => {
    for (const zone of zones)
      for (const instant of instants) expect(dayIn(instant, zone), `${instant} in ${zone}`).toBe(oracle(instant, zone));
  });

  it('give the time of day the zone shows', () => {
    expect(formatTimeOfDay('2026-03-08T06:59:00Z', 'America/New_York')).toBe('1:59 AM');
    expect(formatTimeOfDay('2026-03-08T07:00:00Z', 'America/New_York')).toBe('3:00 AM');
    expect(formatTimeOfDay('2026-10-03T15:30:00Z', 'Australia/Lord_Howe')).toBe('2:30 AM');
    expect(formatTimeOfDay('2026-01-15T12:00:00Z', 'Asia/Kathmandu')).toBe('5:45 PM');
  });
});
