import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, breakpointOf, isCompact } from './breakpoints';

describe('breakpoints', () => {
  it('has the agreed ranges', () => {
    expect(BREAKPOINTS).toEqual({
      xsmall: { min: 0, max: 767 },
      small: { min: 768, max: 991 },
      medium: { min: 992, max: 1199 },
      large: { min: 1200, max: 3800 },
    });
  });

  it.each([
    [0, 'xsmall'],
    [767, 'xsmall'],
    [767.5, 'xsmall'],
    [768, 'small'],
    [991, 'small'],
    [992, 'medium'],
    [1199, 'medium'],
    [1200, 'large'],
    [3800, 'large'],
    [5000, 'large'],
    [-1, 'xsmall'],
  ] as const)('width %d is %s', (width, bp) => {
    expect(breakpointOf(width)).toBe(bp);
  });

  it('treats small and xsmall as compact', () => {
    expect(isCompact('xsmall')).toBe(true);
    expect(isCompact('small')).toBe(true);
    expect(isCompact('medium')).toBe(false);
    expect(isCompact('large')).toBe(false);
  });
});
