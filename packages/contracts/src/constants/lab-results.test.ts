import { describe, expect, it } from 'vitest';
import { ABNORMAL_FLAGS, isAbnormalFlag, isFreeTextGroup, LAB_RESULT_DATE_PREFERENCE } from './lab-results';
import { LIMITS } from './limits';

describe('isAbnormalFlag', () => {
  it('flags every flag but N, and nothing when there is no flag', () => {
    expect(ABNORMAL_FLAGS.filter((f) => isAbnormalFlag(f))).toEqual(['H', 'L', 'HH', 'LL', 'A']);
    expect(isAbnormalFlag('N')).toBe(false);
    expect(isAbnormalFlag(null)).toBe(false);
    expect(isAbnormalFlag(undefined)).toBe(false);
    expect(isAbnormalFlag('')).toBe(false);
    expect(isAbnormalFlag('  ')).toBe(false);
  });

  it('reads a lower-case or padded N as normal, and any other text as abnormal', () => {
    expect(isAbnormalFlag(' n ')).toBe(false);
    expect(isAbnormalFlag('h')).toBe(true);
    expect(isAbnormalFlag('>')).toBe(true);
  });
});

describe('isFreeTextGroup', () => {
  const threshold = LIMITS.testResultFreeTextThreshold;
  const value = (length: number) => ({ testValue: 'x'.repeat(length) });

  it('uses the spec’s threshold of 20 characters', () => {
    expect(threshold).toBe(20);
  });

  it('is true only for exactly one test whose value is longer than the threshold', () => {
    expect(isFreeTextGroup([value(21)], threshold)).toBe(true);
    expect(isFreeTextGroup([value(20)], threshold)).toBe(false);
    expect(isFreeTextGroup([value(21), value(21)], threshold)).toBe(false);
    expect(isFreeTextGroup([], threshold)).toBe(false);
    expect(isFreeTextGroup([{ testValue: null }], threshold)).toBe(false);
  });
});

describe('LAB_RESULT_DATE_PREFERENCE', () => {
  it('is the spec’s preference name', () => {
    expect(LAB_RESULT_DATE_PREFERENCE).toBe('PatientPortal_LabResultFilter_Date');
  });
});
