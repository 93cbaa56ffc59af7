import { describe, expect, it } from 'vitest';
import { inMonthFilter, MONTH_FILTERS, monthFilterLabelKey, parseMonthFilter } from './date-filters';

describe('parseMonthFilter', () => {
  it('uses the list’s default when nothing was saved', () => {
    expect(parseMonthFilter(null, 'Last9Months')).toBe('Last9Months');
    expect(parseMonthFilter(undefined, 'All')).toBe('All');
  });
  it('reads saved values in any case and spacing', () => {
    expect(parseMonthFilter('Last3Months', 'Last9Months')).toBe('Last3Months');
    expect(parseMonthFilter('last 6 months', 'Last9Months')).toBe('Last6Months');
    expect(parseMonthFilter('ALL', 'Last9Months')).toBe('All');
  });
  it('treats any other saved value as All', () => {
    expect(parseMonthFilter('Last12Months', 'Last9Months')).toBe('All');
    expect(parseMonthFilter('', 'Last9Months')).toBe('All');
  });
});

describe('inMonthFilter', () => {
  const now = new Date(2026, 10, 21, 10, 0); // 21 Nov 2026
  it('All passes every date, even one that does not parse', () => {
    expect(inMonthFilter('1990-01-01', 'All', now)).toBe(true);
    expect(inMonthFilter('not a date', 'All', now)).toBe(true);
  });
  it('Last 3 months starts on the same day three months ago', () => {
    expect(inMonthFilter(new Date(2026, 7, 21, 0, 0), 'Last3Months', now)).toBe(true);
    expect(inMonthFilter(new Date(2026, 7, 20, 23, 59), 'Last3Months', now)).toBe(false);
  });
  it('Last 6 and 9 months', () => {
    expect(inMonthFilter(new Date(2026, 4, 22), 'Last6Months', now)).toBe(true);
    expect(inMonthFilter(new Date(2026, 4, 20), 'Last6Months', now)).toBe(false);
    expect(inMonthFilter(new Date(2026, 1, 21), 'Last9Months', now)).toBe(true);
    expect(inMonthFilter(new Date(2026, 1, 20), 'Last9Months', now)).toBe(false);
  });
  it('future dates pass, unparseable dates do not', () => {
    expect(inMonthFilter(new Date(2027, 0, 1), 'Last3Months', now)).toBe(true);
    expect(inMonthFilter('garbage', 'Last3Months', now)).toBe(false);
  });
  it('the end of a long month goes back to the end of a short one', () => {
    const may31 = new Date(2026, 4, 31, 9, 0);
    expect(inMonthFilter(new Date(2026, 1, 28), 'Last3Months', may31)).toBe(true);
    expect(inMonthFilter(new Date(2026, 1, 27), 'Last3Months', may31)).toBe(false);
  });
  it('has a label key per filter', () => {
    expect(MONTH_FILTERS.map(monthFilterLabelKey)).toEqual([
      'dateFilter.All',
      'dateFilter.Last3Months',
      'dateFilter.Last6Months',
      'dateFilter.Last9Months',
    ]);
  });
  it('counts the day in the facility’s zone when given one', () => {
    // 21 Nov 2026 03:00 UTC is still 20 Nov in New York: three months back starts on 20 Aug there.
    const lateEvening = new Date('2026-11-21T03:00:00Z');
    const ny = 'America/New_York';
    expect(inMonthFilter('2026-08-20T04:00:00Z', 'Last3Months', lateEvening, ny)).toBe(true);
    expect(inMonthFilter('2026-08-20T03:59:00Z', 'Last3Months', lateEvening, ny)).toBe(false);
    const may31 = new Date('2026-05-31T16:00:00Z');
    expect(inMonthFilter('2026-02-28T05:00:00Z', 'Last3Months', may31, ny)).toBe(true);
    expect(inMonthFilter('2026-02-28T04:59:00Z', 'Last3Months', may31, ny)).toBe(false);
  });
  it('moves the start on when the zone’s day changes, in either direction, whatever was asked before', () => {
    const ny = 'America/New_York';
    const lastMinute = new Date('2026-11-21T04:59:00Z'); // 20 Nov, 23:59 in New York
    const midnight = new Date('2026-11-21T05:00:00Z'); // 21 Nov, 00:00
    const aug20 = '2026-08-20T04:00:00Z'; // the first instant of 20 Aug in New York
    for (const [now, passes] of [
      [lastMinute, true],
      [lastMinute, true],
      [midnight, false],
      [lastMinute, true],
      [new Date('2026-11-22T04:59:59Z'), false],
      [new Date('2026-11-20T12:00:00Z'), true],
    ] as const) {
      expect(inMonthFilter(aug20, 'Last3Months', now, ny)).toBe(passes);
    }
    expect(inMonthFilter('2026-08-21T04:00:00Z', 'Last3Months', midnight, ny)).toBe(true);
    // Another zone has its own day: 20 Nov 23:59 in New York is 21 Nov 13:59 in Tokyo.
    expect(inMonthFilter('2026-08-20T15:00:00Z', 'Last3Months', lastMinute, 'Asia/Tokyo')).toBe(true);
    expect(inMonthFilter('2026-08-20T14:59:00Z', 'Last3Months', lastMinute, 'Asia/Tokyo')).toBe(false);
  });
});
