import type { HealthSummaryEntry } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  documentIdentifier,
  identifierBody,
  identifierKey,
  identifierQuery,
  identifierSearch,
  rangeIdentifier,
} from './identifier';

const entry = (ccdaId: number, sendSecurelyDisabled = false): HealthSummaryEntry => ({
  ifSystemId: 7,
  ccdaId,
  startDate: null,
  endDate: null,
  sendSecurelyDisabled,
  displayDate: '2026-01-12',
  title: 'Continuity of Care Document',
  documentType: 'Continuity of Care Document',
  authorName: null,
  organizationName: null,
  versionNumber: null,
  versions: [],
  attachmentType: null,
});

describe('the current summary as a query', () => {
  it('is one document by its ccdaId', () => {
    const one = documentIdentifier(entry(31, true));
    expect(one).toEqual({ ifSystemId: 7, ccdaId: 31, startDate: null, endDate: null, sendSecurelyDisabled: true });
    expect(identifierQuery(one)).toEqual({ ccdaId: 31 });
    expect(identifierSearch(one)).toBe('ccdaId=31');
    expect(identifierBody(one)).toEqual({ ccdaId: 31, startDate: null, endDate: null });
    expect(identifierKey(one)).toBe('7?ccdaId=31');
  });

  it('is a range by its two days, refused by Direct when any of its documents is', () => {
    const all = rangeIdentifier(7, { startDate: '2025-03-05', endDate: '2026-03-05' }, [entry(31), entry(32, true)]);
    expect(all).toEqual({
      ifSystemId: 7,
      ccdaId: null,
      startDate: '2025-03-05',
      endDate: '2026-03-05',
      sendSecurelyDisabled: true,
    });
    expect(identifierQuery(all)).toEqual({ startDate: '2025-03-05', endDate: '2026-03-05' });
    expect(identifierSearch(all)).toBe('startDate=2025-03-05&endDate=2026-03-05');
    expect(identifierBody(all)).toEqual({ ccdaId: null, startDate: '2025-03-05', endDate: '2026-03-05' });
    expect(rangeIdentifier(7, all as { startDate: string; endDate: string }, [entry(31)]).sendSecurelyDisabled).toBe(
      false,
    );
  });
});
