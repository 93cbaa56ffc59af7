import { HEALTH_SUMMARY_LIMITS, type OfficeVisit } from '@portal/contracts';
import { addMonths } from '../../../components/date-field';

// The rules of 'View Your Health Summary' (spec 002, 2.7, 4, 5 and 9), free of React so they are tested on their
// own: the two choices (a date range of one system, or a recent visit), their defaults, what a focus or a change
// does to them, and the checks of Update Summary. Days are 'YYYY-MM-DD' strings.

/** The two choices of the options: the spec's radioValue. */
export type OptionsMode = 'daterange' | 'visits';

/** The options as the modal holds them (spec 002, 3: Options). */
export interface SummaryOptions {
  startDate: string | null;
  endDate: string | null;
  radioValue: OptionsMode;
  /** The external system of a range (its id). */
  selectedExternalSystem: number | null;
  /** The chosen visit: its document's id. */
  selectedVisitIdentifier: number | null;
}

export type OptionsField = 'startDate' | 'endDate' | 'system' | 'visit';

/** The language-pack key of each field's message; the fields in the order they take focus. */
export type OptionsErrors = Partial<Record<OptionsField, string>>;

export const OPTIONS_FIELDS: readonly OptionsField[] = ['startDate', 'endDate', 'system', 'visit'];

export const RANGE_REQUIRED = 'healthSummary.options.rangeRequired';
export const SYSTEM_REQUIRED = 'common.required';
export const VISIT_REQUIRED = 'healthSummary.options.visitRequired';

/** The default range: one year ago to today (spec 002, 9). */
export function defaultRange(today: string): { startDate: string; endDate: string } {
  return { startDate: addMonths(today, -12 * HEALTH_SUMMARY_LIMITS.defaultRangeYears), endDate: today };
}

/** The options the page starts with: the default range, and the one system chosen when there is only one. */
export function initialOptions(today: string, systemIds: readonly number[]): SummaryOptions {
  return {
    ...defaultRange(today),
    radioValue: 'daterange',
    selectedExternalSystem: systemIds.length === 1 ? systemIds[0]! : null,
    selectedVisitIdentifier: null,
  };
}

/**
 * The options as they open again: the last ones chosen, with a system that is no longer the patient's left out
 * (the single one chosen instead when there is just one).
 */
export function reopenedOptions(options: SummaryOptions, systemIds: readonly number[]): SummaryOptions {
  const system = options.selectedExternalSystem;
  const kept = system !== null && systemIds.includes(system) ? system : null;
  return { ...options, selectedExternalSystem: kept ?? (systemIds.length === 1 ? systemIds[0]! : null) };
}

/** Focusing a date field or the system select: the date range is the choice, and no visit stays chosen. */
export function focusDateRange(options: SummaryOptions): SummaryOptions {
  if (options.radioValue === 'daterange' && options.selectedVisitIdentifier === null) return options;
  return { ...options, radioValue: 'daterange', selectedVisitIdentifier: null };
}

/** Choosing a visit in the list makes the visits the choice. */
export function chooseVisit(options: SummaryOptions, ccdaId: number): SummaryOptions {
  return { ...options, radioValue: 'visits', selectedVisitIdentifier: ccdaId };
}

/**
 * The checks of Update Summary (spec 002, 5): a range needs both days and, with several systems, a system; the
 * visits need a visit. Only the chosen mode is checked.
 */
export function validateOptions(options: SummaryOptions, visits: readonly OfficeVisit[]): OptionsErrors {
  if (options.radioValue === 'visits') {
    const found = visits.some((v) => v.ccdaId === options.selectedVisitIdentifier);
    return found ? {} : { visit: VISIT_REQUIRED };
  }
  const errors: OptionsErrors = {};
  if (options.startDate === null) errors.startDate = RANGE_REQUIRED;
  if (options.endDate === null) errors.endDate = RANGE_REQUIRED;
  if (options.selectedExternalSystem === null) errors.system = SYSTEM_REQUIRED;
  return errors;
}

/** The field that takes focus: the first with an error, in the order of the form. */
export function firstInvalidField(errors: OptionsErrors): OptionsField | null {
  return OPTIONS_FIELDS.find((field) => errors[field] !== undefined) ?? null;
}

/** A range with a start after its end swapped (spec 002, 4). */
export function orderedRange(startDate: string, endDate: string): { startDate: string; endDate: string } {
  return startDate <= endDate ? { startDate, endDate } : { startDate: endDate, endDate: startDate };
}

/** What Update Summary asks for once the options pass their checks. */
export type OptionsChoice =
  { kind: 'visit'; visit: OfficeVisit } | { kind: 'range'; ifSystemId: number; startDate: string; endDate: string };

/** The choice the valid options make, or null when they do not pass their checks. */
export function optionsChoice(options: SummaryOptions, visits: readonly OfficeVisit[]): OptionsChoice | null {
  if (firstInvalidField(validateOptions(options, visits)) !== null) return null;
  if (options.radioValue === 'visits') {
    const visit = visits.find((v) => v.ccdaId === options.selectedVisitIdentifier);
    return visit ? { kind: 'visit', visit } : null;
  }
  return {
    kind: 'range',
    ifSystemId: options.selectedExternalSystem!,
    ...orderedRange(options.startDate!, options.endDate!),
  };
}

/** The options after Update Summary: a swapped range is kept swapped, so the modal opens again as it was used. */
export function appliedOptions(options: SummaryOptions, choice: OptionsChoice): SummaryOptions {
  return choice.kind === 'range' ? { ...options, startDate: choice.startDate, endDate: choice.endDate } : options;
}
