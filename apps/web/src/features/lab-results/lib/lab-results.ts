import { ABNORMAL_FLAGS, isAbnormalFlag, isFreeTextGroup, LIMITS, type AbnormalFlag } from '@portal/contracts';
import type { LabResultListItem, TestResultDetail, TestResultGroup } from '@portal/contracts';
import { inMonthFilter, type MonthFilter } from '../../../components/date-filters';
import { matchesChoice } from '../../../components/filters';

/** The date filter when the user has saved none (spec: Last 9 months). */
export const DEFAULT_DATE_FILTER: MonthFilter = 'Last9Months';

export interface LabResultFilters {
  date: MonthFilter;
  /** A group name, or All. */
  procedure: string;
  /** A requesting physician, or All. */
  orderedBy: string;
}

/** The names of a result's groups (its test procedures), in their order, each once. */
export function procedureNames(result: Pick<LabResultListItem, 'testResultGroups'>): string[] {
  return [...new Set(result.testResultGroups.map((g) => g.groupDisplayName.trim()).filter((n) => n !== ''))];
}

/** The list heading of a result: its procedures ('CBC with Differential, Comprehensive Metabolic Panel'). */
export function resultHeading(result: Pick<LabResultListItem, 'testResultGroups'>, untitled: string): string {
  const names = procedureNames(result);
  return names.length > 0 ? names.join(', ') : untitled;
}

/** A result matches a test procedure when any of its groups has that name ('All' matches every result). */
export function matchesProcedure(result: Pick<LabResultListItem, 'testResultGroups'>, choice: string): boolean {
  const names = procedureNames(result);
  return names.length === 0 ? matchesChoice(null, choice) : names.some((name) => matchesChoice(name, choice));
}

/** Every procedure name of the results, for the filter's options. */
export function allProcedureNames(results: readonly LabResultListItem[]): string[] {
  return results.flatMap(procedureNames);
}

/** A test is flagged abnormal when its abnormalFlag is present and not N. */
export function isAbnormal(detail: Pick<TestResultDetail, 'abnormalFlag'>): boolean {
  return isAbnormalFlag(detail.abnormalFlag);
}

/** A group with exactly one test whose value is longer than 20 characters shows as free text. */
export function isFreeText(group: Pick<TestResultGroup, 'testResultDetails'>): boolean {
  return isFreeTextGroup(group.testResultDetails, LIMITS.testResultFreeTextThreshold);
}

/** The language-pack key that names a flag ('labResults.flag.H' = High), or null for none or an unknown one. */
export function flagLabelKey(flag: string | null | undefined): string | null {
  const known = ABNORMAL_FLAGS.find((f) => f === (flag ?? '').trim().toUpperCase());
  return known ? `labResults.flag.${known satisfies AbnormalFlag}` : null;
}

/** A mark beside an abnormal flag's words: an arrow up for high, down for low, '!' for any other. */
export function flagMark(flag: string | null | undefined): string {
  const value = (flag ?? '').trim().toUpperCase();
  if (value === 'H' || value === 'HH') return '↑';
  if (value === 'L' || value === 'LL') return '↓';
  return '!';
}

/** The remarks of a result that have text, in the order shown: the care team's note, then the lab's comment. */
export function remarks(result: Pick<LabResultListItem, 'noteToPatient' | 'comment'>) {
  return [
    { key: 'labResults.noteToPatient', text: result.noteToPatient?.trim() ?? '' },
    { key: 'labResults.labComment', text: result.comment?.trim() ?? '' },
  ].filter((r) => r.text !== '');
}

/**
 * A result shows when its collection date is in the date filter (days counted in the facility's zone, as the
 * list shows them), a group has the procedure, and the physician matches.
 */
export function matchesFilters(
  result: LabResultListItem,
  filters: LabResultFilters,
  now: Date,
  timeZoneId?: string,
): boolean {
  return (
    inMonthFilter(result.startDate, filters.date, now, timeZoneId) &&
    matchesProcedure(result, filters.procedure) &&
    matchesChoice(result.requestingPhysician, filters.orderedBy)
  );
}
