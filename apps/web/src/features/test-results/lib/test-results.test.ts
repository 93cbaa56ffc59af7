import { describe, expect, it } from 'vitest';
import type { LabResultListItem } from '@portal/contracts';
import {
  allProcedureNames,
  flagLabelKey,
  flagMark,
  isAbnormal,
  isFreeText,
  matchesProcedure,
  procedureNames,
  remarks,
  resultHeading,
} from './test-results';

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
    expect(allProcedureNames([groups('A', 'B'), groups('B', 'C')] as LabResultListItem[])).toEqual(['A', 'B', 'B', 'C']);
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
