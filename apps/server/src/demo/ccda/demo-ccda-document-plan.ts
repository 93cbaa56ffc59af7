import type { CcdaDocumentKind, CcdaPatient } from './ccda-builder';
import type { CcdaProvider } from './ccda-participants';
import type { ClinicalRecord } from './demo-ccda-record';
import {
  allergiesSection,
  medicationsSection,
  problemsSection,
  proceduresSection,
  socialHistorySection,
} from './demo-ccda-record-sections';
import { resultsSection, vitalSignsSection, type VitalsTaken } from './demo-ccda-result-sections';
import type { SectionContext } from './demo-ccda-section-context';
import type { DemoCcdaSystemKey } from './demo-ccda-systems';
import {
  encountersSection,
  immunizationsSection,
  noteSection,
  planSection,
  type ImmunizationGiven,
  type PlanItem,
  type Visit,
} from './demo-ccda-visit-sections';
import type { Xml } from './xml';

// A patient's documents as a plan: which system writes each, when, by whom, about which visit, with which sections
// (a CCD's or a visit note's). demo-ccda.ts renders them.

interface DocumentPlan {
  system: DemoCcdaSystemKey;
  externalId: string;
  kind: CcdaDocumentKind;
  title: string;
  /** Days before `now` the document was written, and the hour (New York). */
  day: number;
  hour: number;
  author: CcdaProvider;
  /** The first day of the period the document covers (days before `now`); a visit note covers its visit. */
  coversFrom: number;
  visit?: Visit;
  sections: (context: SectionContext) => Xml[];
}

/** Everything a patient's documents share: the record, the dated visits, vital signs, immunizations. */
export interface PatientPlan {
  patient: CcdaPatient;
  record: ClinicalRecord;
  documents: DocumentPlan[];
}

export function ccdSections(
  context: SectionContext,
  visits: Visit[],
  vitals: VitalsTaken[],
  immunizations: ImmunizationGiven[],
  plan: { intro: string; items: PlanItem[] },
  after: Date,
): Xml[] {
  const until = (at: Date) => at <= after;
  return [
    allergiesSection(context),
    medicationsSection(context),
    problemsSection(context),
    resultsSection(context),
    vitalSignsSection(
      context.idRoot,
      vitals.filter((v) => until(v.at)),
    ),
    proceduresSection(context),
    encountersSection(
      context.idRoot,
      visits.filter((v) => until(v.at)),
    ),
    planSection(context.idRoot, plan.intro, plan.items),
    immunizationsSection(
      context.idRoot,
      immunizations.filter((i) => i.date <= context.asOf),
    ),
    socialHistorySection(context),
  ];
}

export function visitSections(
  context: SectionContext,
  note: { reason: string; history?: string; exam?: string; assessment: string[]; plan: string[] },
  vitals: VitalsTaken,
  resultsFrom: string,
  vitalSigns: (idRoot: string, taken: VitalsTaken[]) => Xml,
): Xml[] {
  return [
    noteSection('reasonForVisit', [note.reason]),
    note.history ? noteSection('historyOfPresentIllness', [note.history]) : null,
    allergiesSection(context),
    medicationsSection(context),
    problemsSection(context),
    resultsSection(context, resultsFrom),
    vitalSigns(context.idRoot, [vitals]),
    note.exam ? noteSection('physicalExam', [note.exam]) : null,
    note.history ? socialHistorySection(context) : null,
    noteSection('assessmentAndPlan', note.assessment, note.plan),
  ].filter((s): s is Xml => s !== null);
}
