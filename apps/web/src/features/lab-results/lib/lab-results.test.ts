import { describe, expect, it } from 'vitest';
import type { LabResultListItem } from '@portal/contracts';
import type { MonthFilter } from '../../../components/date-filters';
import {
  allProcedureNames,
  flagLabelKey,
  flagMark,
  isAbnormal,
  isFreeText,
  matchesFilters,
  matchesProcedure,
  procedureNames,
  remarks,
  resultHeading,
  DEFAULT_DATE_FILTER,
} from './lab-results';

const groups = (...names: string[]) => ({
  testResultGroups: names.map((groupDisplayName, i) => ({ testResultGroupId: i + 1, groupDisplayName })),
});
const value = (testValue: string | null) => ({
  testResultDetailId: 1,
  testDisplayName: 'Final Diagnosis',
  testValue,
  unitOfMeasure: null,
  referencesRange: null,
  abnormalFlag: null,
  testDetailStatus: null,
  comment: null,
});

describe('procedure names and the heading', () => {
  it('names a result by its groups, in order, each once', () => {
    const result = groups('CBC with Differential', 'Comprehensive Metabolic Panel', 'CBC with Differential');
    expect(procedureNames(result)).toEqual(['CBC with Differential', 'Comprehensive Metabolic Panel']);
    expect(resultHeading(result, 'Test result')).toBe('CBC with Differential, Comprehensive Metabolic Panel');
  });

  it('falls back to the untitled label when no group has a name', () => {
    expect(resultHeading(groups(), 'Test result')).toBe('Test result');
    expect(resultHeading(groups('  '), 'Test result')).toBe('Test result');
  });

  it('offers every procedure of every result', () => {
    expect(allProcedureNames([groups('A', 'B'), groups('B', 'C')] as LabResultListItem[])).toEqual([
      'A',
      'B',
      'B',
      'C',
    ]);
  });
});

describe('matchesProcedure', () => {
  it('matches a result when any of its groups has the chosen name', () => {
    const result = groups('CBC with Differential', 'Comprehensive Metabolic Panel');
    expect(matchesProcedure(result, 'Comprehensive Metabolic Panel')).toBe(true);
    expect(matchesProcedure(result, 'CBC with Differential')).toBe(true);
    expect(matchesProcedure(result, 'Tumor Markers')).toBe(false);
  });

  it('matches everything with All, including a result without groups', () => {
    expect(matchesProcedure(groups('Tumor Markers'), 'All')).toBe(true);
    expect(matchesProcedure(groups(), 'All')).toBe(true);
    expect(matchesProcedure(groups(), 'Tumor Markers')).toBe(false);
  });
});

describe('isAbnormal', () => {
  it('flags a test whose flag is present and not N', () => {
    for (const flag of ['H', 'L', 'HH', 'LL', 'A'] as const) expect(isAbnormal({ abnormalFlag: flag })).toBe(true);
    expect(isAbnormal({ abnormalFlag: 'N' })).toBe(false);
    expect(isAbnormal({ abnormalFlag: null })).toBe(false);
  });
});

describe('isFreeText', () => {
  it('is a group of exactly one test whose value is longer than 20 characters', () => {
    expect(isFreeText({ testResultDetails: [value('x'.repeat(21))] })).toBe(true);
    expect(isFreeText({ testResultDetails: [value('x'.repeat(20))] })).toBe(false);
    expect(isFreeText({ testResultDetails: [value('x'.repeat(30)), value('x'.repeat(30))] })).toBe(false);
    expect(isFreeText({ testResultDetails: [value(null)] })).toBe(false);
    expect(isFreeText({ testResultDetails: [] })).toBe(false);
  });
});

describe('flagLabelKey', () => {
  it('names each known flag, whatever its case, and nothing else', () => {
    expect(flagLabelKey('H')).toBe('labResults.flag.H');
    expect(flagLabelKey('ll')).toBe('labResults.flag.LL');
    expect(flagLabelKey('N')).toBe('labResults.flag.N');
    expect(flagLabelKey(null)).toBeNull();
    expect(flagLabelKey('>')).toBeNull();
  });
});

describe('flagMark', () => {
  it('points up for high, down for low, and says ! for abnormal', () => {
    expect(['H', 'HH', 'L', 'LL', 'A', 'hh'].map(flagMark)).toEqual(['↑', '↑', '↓', '↓', '!', '↑']);
  });
});

describe('remarks', () => {
  it('lists the care team’s note, then the lab’s comment, leaving out empty ones', () => {
    expect(remarks({ noteToPatient: 'Good news.', comment: 'Hemolysed.' })).toEqual([
      { key: 'labResults.noteToPatient', text: 'Good news.' },
      { key: 'labResults.labComment', text: 'Hemolysed.' },
    ]);
    expect(remarks({ noteToPatient: '  ', comment: 'Hemolysed.' })).toEqual([
      { key: 'labResults.labComment', text: 'Hemolysed.' },
    ]);
    expect(remarks({ noteToPatient: null, comment: null })).toEqual([]);
  });
});

describe('matchesFilters', () => {
  const now = new Date(2026, 5, 15, 10, 0);
  const result = (startDate: Date, physician: string | null, ...names: string[]): LabResultListItem => ({
    labResultId: 1,
    startDate: startDate.toISOString(),
    externalStatus: 'Final',
    requestingPhysician: physician,
    isReviewedByPatient: true,
    address1: null,
    address2: null,
    city: null,
    state: null,
    zipCode: null,
    country: null,
    labName: null,
    labAddress: null,
    comment: null,
    noteToPatient: null,
    ...groups(...names),
  });
  const all = { date: 'All', procedure: 'All', orderedBy: 'All' } as const;

  it('defaults the date to the last 9 months', () => {
    expect(DEFAULT_DATE_FILTER).toBe('Last9Months');
  });

  it('keeps results collected since the same day 9, 6 or 3 months ago', () => {
    const tenMonths = result(new Date(2025, 7, 10), 'Dr. Raman', 'CBC');
    const eightMonths = result(new Date(2025, 9, 20), 'Dr. Raman', 'CBC');
    const lastWeek = result(new Date(2026, 5, 8), 'Dr. Raman', 'CBC');
    const at = (date: MonthFilter) =>
      [tenMonths, eightMonths, lastWeek].filter((r) => matchesFilters(r, { ...all, date }, now)).length;
    expect(at('All')).toBe(3);
    expect(at('Last9Months')).toBe(2);
    expect(at('Last6Months')).toBe(1);
    expect(at('Last3Months')).toBe(1);
    // The first day of the window is in it.
    expect(matchesFilters(result(new Date(2025, 8, 15), null, 'CBC'), { ...all, date: 'Last9Months' }, now)).toBe(true);
    expect(matchesFilters(result(new Date(2025, 8, 14, 23), null, 'CBC'), { ...all, date: 'Last9Months' }, now)).toBe(
      false,
    );
  });

  it('matches the procedure on any group and the physician exactly, all filters together', () => {
    const both = result(new Date(2026, 5, 1), 'Dr. Priya Raman', 'CBC with Differential', 'Tumor Markers');
    expect(matchesFilters(both, { ...all, procedure: 'Tumor Markers' }, now)).toBe(true);
    expect(matchesFilters(both, { ...all, procedure: 'Surgical Pathology' }, now)).toBe(false);
    expect(matchesFilters(both, { ...all, orderedBy: 'Dr. Priya Raman' }, now)).toBe(true);
    expect(matchesFilters(both, { ...all, orderedBy: 'Dr. Samuel Okafor' }, now)).toBe(false);
    expect(
      matchesFilters(both, { date: 'Last3Months', procedure: 'Tumor Markers', orderedBy: 'Dr. Priya Raman' }, now),
    ).toBe(true);
    // A result without a physician passes only All.
    const nobody = result(new Date(2026, 5, 1), null, 'CBC');
    expect(matchesFilters(nobody, all, now)).toBe(true);
    expect(matchesFilters(nobody, { ...all, orderedBy: 'Dr. Priya Raman' }, now)).toBe(false);
  });
});
