import { encounterEntry, plannedEntry } from './ccda-care-entries';
import { type Coded } from './ccda-codes';
import { immunizationEntry } from './ccda-medication-entries';
import { narrativeList, narrativeTable, paragraph, styled } from './ccda-narrative';
import { type CcdaProvider } from './ccda-participants';
import { section } from './ccda-section-kinds';
import { hl7Day, hl7Instant } from './ccda-times';
import { type LOCATIONS } from './demo-ccda-people';
import { NEW_YORK } from './demo-ccda-record';
import { providerName, shownDate } from './demo-ccda-section-context';
import type { Xml } from './xml';

// The sections a document's plan gives rather than the record: the visits, the plan of treatment, the immunizations
// given, and a visit note's narrative-only sections.

export interface Visit {
  at: Date;
  visitType: Coded;
  /** The visit as the patient knows it ('Medical oncology follow-up'). */
  description: string;
  provider: CcdaProvider;
  location: (typeof LOCATIONS)[keyof typeof LOCATIONS];
  diagnosis: Coded | null;
}

export function encountersSection(idRoot: string, visits: Visit[]): Xml {
  const rows = [...visits]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((v, i) => ({ ...v, ref: `encounter-${i + 1}` }));
  return section(
    'encounters',
    narrativeTable(
      ['Visit', 'Date', 'Provider', 'Location', 'Diagnosis'],
      rows.map((v) => ({
        id: v.ref,
        cells: [
          styled(v.description, 'Bold'),
          shownDate(v.at.toISOString().slice(0, 10)),
          providerName(v.provider),
          v.location.name,
          v.diagnosis?.display ?? '',
        ],
      })),
    ),
    rows.map((v) =>
      encounterEntry({
        idRoot,
        ref: v.ref,
        visitType: v.visitType,
        time: hl7Instant(v.at, NEW_YORK),
        performer: v.provider,
        location: v.location,
        diagnosis: v.diagnosis,
      }),
    ),
  );
}

export interface PlanItem {
  kind: 'encounter' | 'procedure' | 'observation';
  planned: Coded;
  /** 'YYYY-MM-DD'. */
  date: string;
  text: string;
}

export function planSection(idRoot: string, intro: string, items: PlanItem[]): Xml {
  const rows = items.map((p, i) => ({ ...p, ref: `plan-${i + 1}` }));
  return section(
    'planOfTreatment',
    [
      paragraph(intro),
      narrativeTable(
        ['Planned', 'When'],
        rows.map((p) => ({ id: p.ref, cells: [p.text, shownDate(p.date)] })),
      ),
    ],
    rows.map((p) => plannedEntry({ idRoot, ref: p.ref, kind: p.kind, planned: p.planned, time: hl7Day(p.date) })),
  );
}

export interface ImmunizationGiven {
  vaccine: Coded;
  date: string;
  lotNumber: string;
  route: Coded;
  provider: CcdaProvider | null;
}

export function immunizationsSection(idRoot: string, given: ImmunizationGiven[]): Xml {
  const rows = [...given]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((g, i) => ({ ...g, ref: `immunization-${i + 1}` }));
  return section(
    'immunizations',
    narrativeTable(
      ['Vaccine', 'Date', 'Lot', 'Status'],
      rows.map((g) => ({
        id: g.ref,
        cells: [styled(g.vaccine.display, 'Bold'), shownDate(g.date), g.lotNumber, 'Completed'],
      })),
    ),
    rows.map((g) =>
      immunizationEntry({
        idRoot,
        ref: g.ref,
        vaccine: g.vaccine,
        time: hl7Day(g.date),
        route: g.route,
        lotNumber: g.lotNumber,
        performer: g.provider,
      }),
    ),
  );
}

/** A narrative-only section of a visit note (reason for visit, history, examination, assessment and plan). */
export function noteSection(
  name: 'reasonForVisit' | 'historyOfPresentIllness' | 'physicalExam' | 'assessmentAndPlan',
  paragraphs: string[],
  numbered: string[] = [],
): Xml {
  return section(name, [
    paragraphs.map((p) => paragraph(p)),
    numbered.length > 0 ? narrativeList(numbered, true) : null,
  ]);
}
