// Test results (spec 002): values the server and the browser both need (no zod here).

/** The user preference that remembers the test results date filter. */
export const LAB_RESULT_DATE_PREFERENCE = 'PatientPortal_LabResultFilter_Date';

/**
 * Abnormal flags a test may carry (HL7 v2 table 0078, the ones in use): high, low, critically high,
 * critically low, abnormal, and N for normal. No flag at all (null) also means normal.
 */
export const ABNORMAL_FLAGS = ['H', 'L', 'HH', 'LL', 'A', 'N'] as const;
export type AbnormalFlag = (typeof ABNORMAL_FLAGS)[number];

/** The flag that says a test is normal. */
export const NORMAL_FLAG: AbnormalFlag = 'N';

/** A test is flagged abnormal when it has a flag and that flag is not N. */
export function isAbnormalFlag(flag: string | null | undefined): boolean {
  return typeof flag === 'string' && flag.trim() !== '' && flag.trim().toUpperCase() !== NORMAL_FLAG;
}

/**
 * A group is shown as free text (a pathology report, a remark) when it has exactly one test whose value
 * is longer than `threshold` characters (LIMITS.testResultFreeTextThreshold, 20).
 */
export function isFreeTextGroup(details: readonly { testValue: string | null }[], threshold: number): boolean {
  return details.length === 1 && (details[0]?.testValue ?? '').length > threshold;
}
