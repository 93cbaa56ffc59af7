import { describe, expect, it } from 'vitest';
import { weightedList } from './weighted-list';

describe('weightedList', () => {
  it('reads each value with its quality and place, 1 when no q is given', () => {
    expect(weightedList('fr-CA;q=0.8, en , es;Q=0.5')).toEqual([
      { value: 'fr-CA', quality: 0.8, index: 0 },
      { value: 'en', quality: 1, index: 1 },
      { value: 'es', quality: 0.5, index: 2 },
    ]);
  });

  it('weighs a q that is not a number 0, leaves empty entries out and joins repeated headers', () => {
    expect(weightedList(['br;q=abc', ' , gzip'])).toEqual([
      { value: 'br', quality: 0, index: 0 },
      { value: 'gzip', quality: 1, index: 2 },
    ]);
    expect(weightedList(undefined)).toEqual([]);
    expect(weightedList('')).toEqual([]);
  });

  it('reads at most max entries', () => {
    expect(weightedList('a, b, c', 2).map((e) => e.value)).toEqual(['a', 'b']);
  });
});
