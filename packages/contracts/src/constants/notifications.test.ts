import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_OFFSET,
  REMINDER_OFFSET_MAX,
  REMINDER_TIMING_OPTIONS,
  isDigestOffset,
  reminderTiming,
} from './notifications';

describe('the reminder timing options (spec 002 section 9)', () => {
  it('are the spec’s eleven options in its order, ids from 0', () => {
    expect(REMINDER_TIMING_OPTIONS.map((o) => [o.id, o.name])).toEqual([
      [0, 'off'],
      [1, 'monthlyDigest'],
      [2, 'weeklyDigest'],
      [3, 'fourWeeksBefore'],
      [4, 'threeWeeksBefore'],
      [5, 'twoWeeksBefore'],
      [6, 'oneWeekBefore'],
      [7, 'threeDaysBefore'],
      [8, 'twoDaysBefore'],
      [9, 'oneDayBefore'],
      [10, 'onDayOf'],
    ]);
    expect(REMINDER_OFFSET_MAX).toBe(10);
  });

  it('default to id 1, and say what each means', () => {
    expect(DEFAULT_REMINDER_OFFSET).toBe(1);
    expect(reminderTiming(1)).toEqual({ kind: 'digest', period: 'monthly' });
    expect(reminderTiming(6)).toEqual({ kind: 'before', days: 7 });
    expect(reminderTiming(10)).toEqual({ kind: 'before', days: 0 });
    expect(reminderTiming(0)).toEqual({ kind: 'off' });
    expect(reminderTiming(42)).toEqual({ kind: 'off' });
    expect([0, 1, 2, 3].map(isDigestOffset)).toEqual([false, true, true, false]);
  });
});
