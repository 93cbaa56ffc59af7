import type { HealthSummaryEntry, HealthSummaryIdentifier, OfficeVisit } from '@portal/contracts';

// The current summary (spec 002, 3: Identifier): one document of a system, or every document of a system written in
// a range. How it becomes the query of the view, print, download and send calls.

/** One document of a list or a visit, as the current summary. */
export function documentIdentifier(document: HealthSummaryEntry | OfficeVisit): HealthSummaryIdentifier {
  return {
    ifSystemId: document.ifSystemId,
    ccdaId: document.ccdaId,
    startDate: null,
    endDate: null,
    sendSecurelyDisabled: document.sendSecurelyDisabled,
  };
}

/** Every document of a system's range as one summary (the documents of a list, viewed together). */
export function rangeIdentifier(
  ifSystemId: number,
  range: { startDate: string; endDate: string },
  entries: readonly Pick<HealthSummaryEntry, 'sendSecurelyDisabled'>[],
): HealthSummaryIdentifier {
  return {
    ifSystemId,
    ccdaId: null,
    startDate: range.startDate,
    endDate: range.endDate,
    sendSecurelyDisabled: entries.some((entry) => entry.sendSecurelyDisabled),
  };
}

/** The selection part of a call's query: ccdaId, or startDate and endDate. */
export function identifierQuery(
  identifier: HealthSummaryIdentifier,
): { ccdaId: number } | { startDate: string; endDate: string } {
  if (identifier.ccdaId !== null) return { ccdaId: identifier.ccdaId };
  return { startDate: identifier.startDate ?? '', endDate: identifier.endDate ?? '' };
}

/** The same selection, encoded for a URL ('ccdaId=12', 'startDate=2025-01-01&endDate=2025-12-31'). */
export function identifierSearch(identifier: HealthSummaryIdentifier): string {
  return new URLSearchParams(
    Object.entries(identifierQuery(identifier)).map(([key, value]) => [key, String(value)]),
  ).toString();
}

/** The selection as the print and send bodies carry it (null for what does not apply). */
export function identifierBody(identifier: HealthSummaryIdentifier): {
  ccdaId: number | null;
  startDate: string | null;
  endDate: string | null;
} {
  return identifier.ccdaId !== null
    ? { ccdaId: identifier.ccdaId, startDate: null, endDate: null }
    : { ccdaId: null, startDate: identifier.startDate, endDate: identifier.endDate };
}

/** A key that names the summary (the view query's cache key). */
export function identifierKey(identifier: HealthSummaryIdentifier): string {
  return `${identifier.ifSystemId}?${identifierSearch(identifier)}`;
}
