import type { OfficeVisit } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  appliedOptions,
  chooseVisit,
  defaultRange,
  firstInvalidField,
  focusDateRange,
  initialOptions,
  optionsChoice,
  orderedRange,
  RANGE_REQUIRED,
  reopenedOptions,
  SYSTEM_REQUIRED,
  validateOptions,
  VISIT_REQUIRED,
  type SummaryOptions,
} from './options';

const visit = (ccdaId: number, ifSystemId = 7): OfficeVisit => ({
  ifSystemId,
  ccdaId,
  encounterDate: '2026-01-12',
  encounterTime: null,
  visitType: 'Office visit',
  provider: 'Dr. Priya Raman',
  location: null,
  systemName: 'Riverside Cancer Center Oncology',
  sendSecurelyDisabled: false,
});

const range = (overrides: Partial<SummaryOptions> = {}): SummaryOptions => ({
  startDate: '2025-03-01',
  endDate: '2026-03-01',
  radioValue: 'daterange',
  selectedExternalSystem: 7,
  selectedVisitIdentifier: null,
  ...overrides,
});

describe('the defaults of the options', () => {
  it('range from one year ago to today, 29 February to the 28th', () => {
    expect(defaultRange('2026-03-05')).toEqual({ startDate: '2025-03-05', endDate: '2026-03-05' });
    expect(defaultRange('2024-02-29')).toEqual({ startDate: '2023-02-28', endDate: '2024-02-29' });
  });

  it('choose the date range, and the one system when there is only one', () => {
    expect(initialOptions('2026-03-05', [7])).toEqual({
      startDate: '2025-03-05',
      endDate: '2026-03-05',
      radioValue: 'daterange',
      selectedExternalSystem: 7,
      selectedVisitIdentifier: null,
    });
    expect(initialOptions('2026-03-05', [7, 9]).selectedExternalSystem).toBeNull();
    expect(initialOptions('2026-03-05', []).selectedExternalSystem).toBeNull();
  });

  it('open again as last used, without a system that is gone', () => {
    expect(reopenedOptions(range({ selectedExternalSystem: 9 }), [7, 9]).selectedExternalSystem).toBe(9);
    expect(reopenedOptions(range({ selectedExternalSystem: 4 }), [7, 9]).selectedExternalSystem).toBeNull();
    expect(reopenedOptions(range({ selectedExternalSystem: 4 }), [7]).selectedExternalSystem).toBe(7);
  });
});

describe('switching between the range and the visits', () => {
  it('focusing a date or the system chooses the range and forgets the visit', () => {
    const onVisit = chooseVisit(range(), 31);
    expect(onVisit).toMatchObject({ radioValue: 'visits', selectedVisitIdentifier: 31 });
    expect(focusDateRange(onVisit)).toMatchObject({ radioValue: 'daterange', selectedVisitIdentifier: null });
    // Nothing to change: the same options, so the form does not render again for a focus.
    const already = range();
    expect(focusDateRange(already)).toBe(already);
  });
});

describe('the checks of Update Summary', () => {
  const visits = [visit(31), visit(32)];

  it('ask for both days and, with several systems, a system', () => {
    expect(validateOptions(range(), visits)).toEqual({});
    expect(validateOptions(range({ startDate: null }), visits)).toEqual({ startDate: RANGE_REQUIRED });
    expect(validateOptions(range({ startDate: null, endDate: null, selectedExternalSystem: null }), visits)).toEqual({
      startDate: RANGE_REQUIRED,
      endDate: RANGE_REQUIRED,
      system: SYSTEM_REQUIRED,
    });
  });

  it('ask for a visit of the list when the visits are chosen, and check nothing else', () => {
    const onVisits = range({ radioValue: 'visits', startDate: null, selectedExternalSystem: null });
    expect(validateOptions(onVisits, visits)).toEqual({ visit: VISIT_REQUIRED });
    expect(validateOptions({ ...onVisits, selectedVisitIdentifier: 99 }, visits)).toEqual({ visit: VISIT_REQUIRED });
    expect(validateOptions({ ...onVisits, selectedVisitIdentifier: 32 }, visits)).toEqual({});
  });

  it('put the keyboard on the first field with an error, in the order of the form', () => {
    expect(firstInvalidField({})).toBeNull();
    expect(firstInvalidField({ system: SYSTEM_REQUIRED, endDate: RANGE_REQUIRED })).toBe('endDate');
    expect(firstInvalidField({ visit: VISIT_REQUIRED })).toBe('visit');
  });
});

describe('the choice the options make', () => {
  it('swaps a start after the end', () => {
    expect(orderedRange('2026-02-01', '2025-01-01')).toEqual({ startDate: '2025-01-01', endDate: '2026-02-01' });
    expect(orderedRange('2025-01-01', '2025-01-01')).toEqual({ startDate: '2025-01-01', endDate: '2025-01-01' });
    const swapped = range({ startDate: '2026-02-01', endDate: '2025-01-01', selectedExternalSystem: 9 });
    const choice = optionsChoice(swapped, []);
    expect(choice).toEqual({ kind: 'range', ifSystemId: 9, startDate: '2025-01-01', endDate: '2026-02-01' });
    // The modal opens again with the days as they were used.
    expect(appliedOptions(swapped, choice!)).toMatchObject({ startDate: '2025-01-01', endDate: '2026-02-01' });
  });

  it('is the chosen visit, or nothing while a check fails', () => {
    const visits = [visit(31), visit(32, 9)];
    expect(optionsChoice(chooseVisit(range(), 32), visits)).toEqual({ kind: 'visit', visit: visits[1] });
    expect(optionsChoice(range({ endDate: null }), visits)).toBeNull();
    expect(optionsChoice(range({ radioValue: 'visits' }), visits)).toBeNull();
  });
});
