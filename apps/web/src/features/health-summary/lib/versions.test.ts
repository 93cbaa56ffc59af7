import { describe, expect, it } from 'vitest';
import { documentVersions } from './versions';

const v = (ccdaId: number, versionNumber: number | null, displayDate = '2026-01-12') => ({
  ccdaId,
  versionNumber,
  displayDate,
});

describe('the versions of the summary shown', () => {
  it('are none for a document that has no other version', () => {
    expect(documentVersions({ ccdaId: 4, versionNumber: 1, versions: [] })).toBeNull();
  });

  it('split into newer and earlier ones by versionNumber, then by the order they were stored', () => {
    const versions = [v(9, 3), v(5, 2), v(2, 1)];
    expect(documentVersions({ ccdaId: 5, versionNumber: 2, versions: [v(9, 3), v(2, 1)] })).toEqual({
      current: 2,
      newer: [v(9, 3)],
      earlier: [v(2, 1)],
    });
    expect(documentVersions({ ccdaId: 9, versionNumber: 3, versions: versions.slice(1) })).toMatchObject({
      newer: [],
      earlier: [v(5, 2), v(2, 1)],
    });
    // The same versionNumber sent twice: the later one is the newer.
    expect(documentVersions({ ccdaId: 6, versionNumber: 2, versions: [v(8, 2), v(3, 2)] })).toMatchObject({
      newer: [v(8, 2)],
      earlier: [v(3, 2)],
    });
  });
});
