import { describe, expect, it } from 'vitest';
import { formatDateTime, formatListDate } from './dates';

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
