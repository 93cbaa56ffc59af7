import { describe, expect, it } from 'vitest';
import { defaultActivityLogRange, validateActivityLogRange } from './activity-log-form';

describe('the activity log dates', () => {
  it('default to one year back to today', () => {
    expect(defaultActivityLogRange('2026-03-05')).toEqual({ startDate: '2025-03-05', endDate: '2026-03-05' });
    // The last day of February in a leap year goes back to the last day of the month a year before.
    expect(defaultActivityLogRange('2024-02-29')).toEqual({ startDate: '2023-02-28', endDate: '2024-02-29' });
  });

  it('are both required', () => {
    expect(validateActivityLogRange({ startDate: '2026-01-01', endDate: '2026-03-05' })).toEqual({});
    expect(validateActivityLogRange({ startDate: null, endDate: '2026-03-05' })).toEqual({
      startDate: 'common.required',
    });
    expect(validateActivityLogRange({ startDate: '2026-01-01', endDate: null })).toEqual({
      endDate: 'common.required',
    });
    expect(validateActivityLogRange({ startDate: null, endDate: null })).toEqual({
      startDate: 'common.required',
      endDate: 'common.required',
    });
  });
});
