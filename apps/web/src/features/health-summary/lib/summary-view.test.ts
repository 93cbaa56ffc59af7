import type { HealthSummaryEntry, HealthSummaryIdentifier } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { documentIdentifier } from './identifier';
import { summaryView, wantsMostRecent, type Answer, type Chosen } from './summary-view';

const entry = (ccdaId: number): HealthSummaryEntry => ({
  ifSystemId: 7,
  ccdaId,
  startDate: null,
  endDate: null,
  sendSecurelyDisabled: false,
  displayDate: '2026-01-12',
  title: 'Progress Note',
  documentType: null,
  authorName: null,
  organizationName: null,
  versionNumber: null,
  versions: [],
  attachmentType: null,
});
const newest: HealthSummaryIdentifier = documentIdentifier(entry(40));
const pending = { status: 'pending' } as const;
const ok = <T>(data: T): Answer<T> => ({ status: 'success', data });
const range: Chosen = { kind: 'range', ifSystemId: 7, startDate: '2025-03-05', endDate: '2026-03-05' };
const nothing: Chosen = { kind: 'nothing' };

describe('what the page shows', () => {
  it('with one system and nothing chosen: its most recent summary, or the empty text', () => {
    expect(wantsMostRecent([7], nothing)).toBe(true);
    expect(wantsMostRecent([7, 9], nothing)).toBe(false);
    expect(wantsMostRecent([7], range)).toBe(false);
    const base = { systemIds: [7], chosen: nothing, range: pending };
    expect(summaryView({ ...base, mostRecent: pending })).toEqual({ kind: 'loading' });
    expect(summaryView({ ...base, mostRecent: ok(newest) })).toEqual({ kind: 'summary', identifier: newest });
    expect(summaryView({ ...base, mostRecent: ok(null) })).toEqual({ kind: 'empty' });
    expect(summaryView({ ...base, mostRecent: { status: 'error' } })).toEqual({ kind: 'empty' });
  });

  it('with no system the empty text, with several and none chosen the hint', () => {
    expect(summaryView({ systemIds: [], chosen: nothing, range: pending, mostRecent: pending })).toEqual({
      kind: 'empty',
    });
    expect(summaryView({ systemIds: [7, 9], chosen: nothing, range: pending, mostRecent: pending })).toEqual({
      kind: 'chooseSystem',
    });
  });

  it('for a range: one summary is shown, several make the table of dates, none the empty text', () => {
    const base = { systemIds: [7], chosen: range, mostRecent: pending };
    expect(summaryView({ ...base, range: pending })).toEqual({ kind: 'loading' });
    expect(summaryView({ ...base, range: ok([entry(31)]) })).toEqual({
      kind: 'summary',
      identifier: documentIdentifier(entry(31)),
    });
    expect(summaryView({ ...base, range: ok([entry(31), entry(32)]) })).toEqual({
      kind: 'dates',
      entries: [entry(31), entry(32)],
      ifSystemId: 7,
      startDate: '2025-03-05',
      endDate: '2026-03-05',
    });
    expect(summaryView({ ...base, range: ok([]) })).toEqual({ kind: 'empty' });
    // Of several systems, the chosen one's own empty text (and the hint).
    expect(summaryView({ ...base, systemIds: [7, 9], range: ok([]) })).toEqual({
      kind: 'emptyForSystem',
      ifSystemId: 7,
    });
  });

  it('a chosen summary (a visit, a date of the table) is shown as it is', () => {
    const chosen: Chosen = { kind: 'summary', identifier: newest };
    expect(summaryView({ systemIds: [7, 9], chosen, range: pending, mostRecent: pending })).toEqual({
      kind: 'summary',
      identifier: newest,
    });
  });
});
