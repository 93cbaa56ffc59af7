import type { CcdaProvider } from './ccda-participants';
import type { ClinicalRecord } from './demo-ccda-record';

// The sections of the demo documents, from a patient's record as it stood on a day: each a narrative table or list
// for people and the entries for systems, the entries referencing their rows. What they all use is here; the sections
// are in demo-ccda-record-sections.ts, demo-ccda-result-sections.ts and demo-ccda-visit-sections.ts.

/** 'Mar 5, 2025' for '2025-03-05'. */
export function shownDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
export const providerName = (p: CcdaProvider | null) => (p ? `Dr. ${p.name.given.join(' ')} ${p.name.family}` : '');

/** Where a section's entry identifiers come from (the sending system's root) and the record's day. */
export interface SectionContext {
  idRoot: string;
  record: ClinicalRecord;
  /** 'YYYY-MM-DD': the record as it stood at the end of this day. */
  asOf: string;
}
