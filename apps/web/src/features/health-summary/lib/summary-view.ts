import type { HealthSummaryEntry, HealthSummaryIdentifier } from '@portal/contracts';
import { documentIdentifier } from './identifier';

// What the page's body shows (spec 002, 2.7 and 4), decided from what the user chose and what the calls answered,
// free of React so it is tested on its own.

/** What the user chose last: nothing yet, a range of a system, or one summary (a visit, a date of the list). */
export type Chosen =
  | { kind: 'nothing' }
  | { kind: 'range'; ifSystemId: number; startDate: string; endDate: string }
  | { kind: 'summary'; identifier: HealthSummaryIdentifier };

/** An answer as the page has it: still coming, failed, or there (null: the server found none, a 404). */
export type Answer<T> = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: T };

export type SummaryView =
  | { kind: 'loading' }
  /** No external system: the empty text, and no Options. */
  | { kind: 'empty' }
  /** Several systems and none chosen yet: the hint that there is more than one, and Options. */
  | { kind: 'chooseSystem' }
  /** A chosen system of several had nothing in the range: its own empty text, and the hint. */
  | { kind: 'emptyForSystem'; ifSystemId: number }
  | { kind: 'dates'; entries: readonly HealthSummaryEntry[]; ifSystemId: number; startDate: string; endDate: string }
  | { kind: 'summary'; identifier: HealthSummaryIdentifier };

/**
 * The summary to show, or what shows instead:
 * - a range: one document is the summary, several the table of dates, none the empty text;
 * - nothing chosen: with exactly one system its most recent summary (none: the empty text), with several the hint.
 */
export function summaryView(input: {
  systemIds: readonly number[];
  chosen: Chosen;
  range: Answer<readonly HealthSummaryEntry[]>;
  mostRecent: Answer<HealthSummaryIdentifier | null>;
}): SummaryView {
  const { systemIds, chosen } = input;
  const emptyFor = (ifSystemId: number): SummaryView =>
    systemIds.length > 1 ? { kind: 'emptyForSystem', ifSystemId } : { kind: 'empty' };
  if (chosen.kind === 'summary') return { kind: 'summary', identifier: chosen.identifier };
  if (chosen.kind === 'range') {
    const { range } = input;
    if (range.status === 'pending') return { kind: 'loading' };
    if (range.status === 'error' || range.data.length === 0) return emptyFor(chosen.ifSystemId);
    if (range.data.length === 1) return { kind: 'summary', identifier: documentIdentifier(range.data[0]!) };
    const { ifSystemId, startDate, endDate } = chosen;
    return { kind: 'dates', entries: range.data, ifSystemId, startDate, endDate };
  }
  if (systemIds.length === 0) return { kind: 'empty' };
  if (systemIds.length > 1) return { kind: 'chooseSystem' };
  const { mostRecent } = input;
  if (mostRecent.status === 'pending') return { kind: 'loading' };
  if (mostRecent.status === 'error' || mostRecent.data === null) return { kind: 'empty' };
  return { kind: 'summary', identifier: mostRecent.data };
}

/** Whether the most recent summary is asked for: exactly one system and nothing chosen (spec 002, 4). */
export function wantsMostRecent(systemIds: readonly number[], chosen: Chosen): boolean {
  return systemIds.length === 1 && chosen.kind === 'nothing';
}
