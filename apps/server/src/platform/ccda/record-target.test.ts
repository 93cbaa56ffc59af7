import { describe, expect, it } from 'vitest';
import { readCcdaFixture } from '../../../test/ccda-fixtures';
import { readCcdaDocument } from './document';
import { recordTargetMismatches, type RecordIdentity } from './record-target';

const JANE: RecordIdentity = { firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1968-04-12', sex: 'F' };
const EVE: RecordIdentity = { firstName: 'Eve', lastName: 'Betterhalf', dateOfBirth: '1975-05-01', sex: 'F' };

const targetOf = (name: string) => readCcdaDocument(readCcdaFixture(name)).header.patient;

describe('whether a C-CDA document is about the patient (HL7’s examples)', () => {
  it('finds every example about another person than jane.doe, naming what differs', () => {
    expect(recordTargetMismatches(targetOf('ccd.xml'), JANE)).toEqual(['name', 'birthTime']);
    expect(recordTargetMismatches(targetOf('discharge-summary.xml'), JANE)).toEqual(['name', 'birthTime']);
    // Adam Everyman, male, 1954.
    expect(recordTargetMismatches(targetOf('progress-note.xml'), JANE)).toEqual([
      'name',
      'birthTime',
      'administrativeGenderCode',
    ]);
  });

  it('takes a document about the patient, under any of its names, whatever the case and accents', () => {
    expect(recordTargetMismatches(targetOf('ccd.xml'), EVE)).toEqual([]);
    // Her birth name (Everywoman) is one of the document's names too.
    expect(recordTargetMismatches(targetOf('referral-note.xml'), { ...EVE, lastName: 'EVERYWOMAN' })).toEqual([]);
    expect(
      recordTargetMismatches(targetOf('history-and-physical.xml'), {
        firstName: 'Isabella',
        lastName: 'Jones',
        dateOfBirth: '2005-05-01',
        sex: 'F',
      }),
    ).toEqual([]);
  });

  it('does not hold against a document what it leaves out, nor a sex the record does not give', () => {
    const target = targetOf('ccd.xml')!;
    expect(recordTargetMismatches({ ...target, birthTime: null, gender: null }, EVE)).toEqual([]);
    expect(recordTargetMismatches(target, { ...EVE, sex: null })).toEqual([]);
    expect(recordTargetMismatches({ ...target, names: [] }, EVE)).toEqual([]);
    expect(recordTargetMismatches(null, EVE)).toEqual(['recordTarget']);
  });
});
