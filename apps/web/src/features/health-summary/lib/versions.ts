import type { HealthSummaryEntry, HealthSummaryVersion } from '@portal/contracts';

// The versions of the summary shown (issue 32, finding 13): the server lists the newest version of each document
// and names the others (same setId and type) on its entry; the page offers them beside the summary.

export interface DocumentVersions {
  /** The version shown (its versionNumber), or null when the document gives none. */
  current: number | null;
  /** Versions newer than the one shown, newest first. */
  newer: HealthSummaryVersion[];
  /** Earlier versions, newest first. */
  earlier: HealthSummaryVersion[];
}

/** Which version is newer, as the server decides: the higher versionNumber, then the later stored (higher id). */
function isNewer(version: { versionNumber: number | null; ccdaId: number }, than: HealthSummaryEntry): boolean {
  const a = version.versionNumber ?? -1;
  const b = than.versionNumber ?? -1;
  return a > b || (a === b && version.ccdaId > than.ccdaId);
}

/** The entry's other versions split into newer and earlier ones; null when it has none. */
export function documentVersions(
  entry: Pick<HealthSummaryEntry, 'ccdaId' | 'versionNumber' | 'versions'>,
): DocumentVersions | null {
  if (entry.versions.length === 0) return null;
  const shown = entry as HealthSummaryEntry;
  return {
    current: entry.versionNumber,
    newer: entry.versions.filter((version) => isNewer(version, shown)),
    earlier: entry.versions.filter((version) => !isNewer(version, shown)),
  };
}
