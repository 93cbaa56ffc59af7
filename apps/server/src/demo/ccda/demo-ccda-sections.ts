import {
  hl7Day,
  hl7Instant,
  narrativeList,
  narrativeTable,
  paragraph,
  section,
  styled,
  type Coded,
  type CcdaProvider,
} from './ccda-builder';
import {
  allergyEntry,
  birthSexEntry,
  encounterEntry,
  immunizationEntry,
  medicationEntry,
  plannedEntry,
  problemEntry,
  procedureEntry,
  resultEntry,
  smokingStatusEntry,
  socialObservationEntry,
  vitalSignsEntry,
  type ResultObservation,
} from './ccda-entries';
import { ALCOHOL_PER_DAY, LABORATORY_TEST, PANELS, PROCEDURES, TESTS, VITALS } from './demo-ccda-codes';
import { medicationsAsOf, NEW_YORK, type ClinicalRecord, type LOCATIONS } from './demo-ccda-record';
import type { Xml } from './xml';

// The sections of the demo documents, from a patient's record as it stood on a day: each a narrative table or list
// for people and the entries for systems, the entries referencing their rows.

/** 'Mar 5, 2025' for '2025-03-05'. */
export function shownDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
const providerName = (p: CcdaProvider | null) => (p ? `Dr. ${p.name.given.join(' ')} ${p.name.family}` : '');

/** Where a section's entry identifiers come from (the sending system's root) and the record's day. */
export interface SectionContext {
  idRoot: string;
  record: ClinicalRecord;
  /** 'YYYY-MM-DD': the record as it stood at the end of this day. */
  asOf: string;
}

export function medicationsSection({ idRoot, record, asOf }: SectionContext): Xml {
  const meds = medicationsAsOf(record, asOf).sort(
    (a, b) => Number(b.active) - Number(a.active) || b.start.localeCompare(a.start),
  );
  const rows = meds.map((m, i) => ({ ...m, ref: `medication-${i + 1}` }));
  return section(
    'medications',
    narrativeTable(
      ['Medication', 'Dose', 'Route', 'How often', 'Started', 'Ended', 'Status', 'Prescriber'],
      rows.map((m) => ({
        id: m.ref,
        cells: [
          styled(m.name, 'Bold'),
          m.doseText,
          m.routeText,
          m.frequencyText,
          shownDate(m.start),
          m.active ? '' : shownDate(m.end ?? asOf),
          m.active ? 'Active' : 'Completed',
          providerName(m.prescriber),
        ],
      })),
    ),
    rows.map((m) =>
      medicationEntry({
        idRoot,
        ref: m.ref,
        drug: m.drug,
        status: m.active ? 'active' : 'completed',
        start: hl7Day(m.start),
        end: m.active ? null : hl7Day(m.end ?? asOf),
        everyHours: m.everyHours,
        route: m.route,
        dose: m.dose,
        prescriber: m.prescriber,
      }),
    ),
  );
}

export function problemsSection({ idRoot, record, asOf }: SectionContext): Xml {
  const rows = record.problems.filter((p) => p.onset <= asOf).map((p, i) => ({ ...p, ref: `problem-${i + 1}` }));
  return section(
    'problems',
    narrativeTable(
      ['Problem', 'Code', 'Noted', 'Status'],
      rows.map((p) => ({
        id: p.ref,
        cells: [styled(p.name, 'Bold'), `${p.icd10.code} (ICD-10-CM)`, shownDate(p.onset), p.statusText],
      })),
    ),
    rows.map((p) =>
      problemEntry({ idRoot, ref: p.ref, problem: p.problem, icd10: p.icd10, onset: hl7Day(p.onset), resolved: null }),
    ),
  );
}

export function allergiesSection({ idRoot, record }: SectionContext): Xml {
  const rows = record.allergies.map((a, i) => ({ ...a, ref: `allergy-${i + 1}` }));
  if (rows.length === 0)
    return section('allergies', paragraph(record.noAllergiesText ?? 'No known allergies.'), [
      allergyEntry({ idRoot, ref: 'allergy-none', allergyType: null, substance: null, reaction: null, onset: null }),
    ]);
  return section(
    'allergies',
    narrativeTable(
      ['Substance', 'Type', 'Reaction', 'Since', 'Comment'],
      rows.map((a) => ({
        id: a.ref,
        cells: [
          styled(a.allergen, 'Bold'),
          a.allergyType.display,
          a.reactionText,
          a.onset ? shownDate(a.onset) : 'Unknown',
          a.comment,
        ],
      })),
    ),
    rows.map((a) =>
      allergyEntry({
        idRoot,
        ref: a.ref,
        allergyType: a.allergyType,
        substance: a.substance,
        reaction: a.reaction,
        onset: a.onset ? hl7Day(a.onset) : null,
      }),
    ),
  );
}

const STATUS: Record<string, 'completed' | 'active'> = {
  Final: 'completed',
  Corrected: 'completed',
  Preliminary: 'active',
};

/** Results collected from `from` to `asOf` (both days included), newest first. */
export function resultsSection({ idRoot, record, asOf }: SectionContext, from = '0000-00-00'): Xml {
  const results = record.results
    .filter((r) => r.date >= from && r.date <= asOf)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const panels = results.flatMap((result, r) =>
    result.groups.map((group, g) => ({ result, group, ref: `result-${r + 1}-${g + 1}` })),
  );
  const text = panels.map(({ result, group, ref }) =>
    narrativeTable(
      ['Test', 'Result', 'Units', 'Reference range', 'Flag'],
      group.tests.map((test, t) => ({
        id: `${ref}-${t + 1}`,
        cells: [
          test.name,
          test.interpretation && test.interpretation !== 'N' ? styled(test.value, 'Bold') : test.value,
          test.unit ?? '',
          test.range ?? '',
          [
            test.interpretation && test.interpretation !== 'N' ? test.interpretation : '',
            test.corrected ? ' Corrected' : '',
          ]
            .join('')
            .trim(),
        ],
      })),
      `${group.name}: ${shownDate(result.date)}, ${result.status}, ${result.lab}, ordered by ${result.physician}` +
        (result.comment ? `. ${result.comment}` : ''),
    ),
  );
  return section(
    'results',
    text.length > 0 ? text : paragraph('No results in this period.'),
    panels.map(({ result, group, ref }) =>
      resultEntry({
        idRoot,
        ref,
        panel: PANELS[group.name] ?? LABORATORY_TEST,
        time: hl7Instant(result.at, NEW_YORK),
        status: STATUS[result.status] ?? 'completed',
        observations: group.tests.map((test, t): ResultObservation => {
          const coded = TESTS[test.name];
          const [low, high] = (test.range ?? '').split(' - ').map(Number);
          const numeric = test.value !== '' && !Number.isNaN(Number(test.value));
          return {
            idRoot,
            ref: `${ref}-${t + 1}`,
            test: coded?.test ?? { code: 'UNK', system: 'LOINC', display: test.name },
            value: numeric ? { value: Number(test.value), unit: coded?.ucum ?? '1' } : { text: test.value },
            interpretation: test.interpretation,
            range: test.range
              ? {
                  text: test.range,
                  low: Number.isFinite(low) ? low! : null,
                  high: Number.isFinite(high) ? high! : null,
                  unit: coded?.ucum ?? '1',
                }
              : null,
            status: test.corrected ? 'corrected' : (STATUS[result.status] ?? 'completed'),
          };
        }),
      }),
    ),
  );
}

export type VitalName = keyof typeof VITALS;
export interface VitalsTaken {
  at: Date;
  values: Partial<Record<VitalName, number>>;
}

const VITAL_ORDER: VitalName[] = [
  'systolic',
  'diastolic',
  'heartRate',
  'respiratoryRate',
  'temperature',
  'oxygenSaturation',
  'weight',
  'height',
];
const UNIT_SHOWN: Record<string, string> = {
  'mm[Hg]': 'mmHg',
  '/min': '/min',
  Cel: '°C',
  '%': '%',
  kg: 'kg',
  cm: 'cm',
};

export function vitalSignsSection(idRoot: string, taken: VitalsTaken[]): Xml {
  const sets = [...taken]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((v, i) => ({ ...v, ref: `vitals-${i + 1}` }));
  return section(
    'vitalSigns',
    narrativeTable(
      [
        'Date',
        'Blood pressure',
        'Heart rate',
        'Respiratory rate',
        'Temperature',
        'Oxygen saturation',
        'Weight',
        'Height',
      ],
      sets.map((v) => {
        const shown = (name: VitalName) =>
          v.values[name] === undefined ? '' : `${v.values[name]} ${UNIT_SHOWN[VITALS[name].unit]}`;
        return {
          id: v.ref,
          cells: [
            shownDate(v.at.toISOString().slice(0, 10)),
            v.values.systolic ? `${v.values.systolic}/${v.values.diastolic} mmHg` : '',
            shown('heartRate'),
            shown('respiratoryRate'),
            shown('temperature'),
            shown('oxygenSaturation'),
            shown('weight'),
            shown('height'),
          ],
        };
      }),
    ),
    sets.map((v) =>
      vitalSignsEntry({
        idRoot,
        ref: v.ref,
        time: hl7Instant(v.at, NEW_YORK),
        observations: VITAL_ORDER.filter((name) => v.values[name] !== undefined).map((name) => ({
          idRoot,
          ref: v.ref,
          vital: VITALS[name].vital,
          value: { value: v.values[name]!, unit: VITALS[name].unit },
        })),
      }),
    ),
  );
}

export function proceduresSection({ idRoot, record, asOf }: SectionContext): Xml {
  const rows = record.procedures.filter((p) => p.start <= asOf).map((p, i) => ({ ...p, ref: `procedure-${i + 1}` }));
  return section(
    'procedures',
    narrativeTable(
      ['Procedure', 'Date', 'Performed by'],
      rows.map((p) => ({
        id: p.ref,
        cells: [
          styled(p.name, 'Bold'),
          p.end && p.end <= asOf ? `${shownDate(p.start)} to ${shownDate(p.end)}` : shownDate(p.start),
          providerName(p.performer),
        ],
      })),
    ),
    rows.map((p) => {
      const codes = PROCEDURES[p.key]!;
      return procedureEntry({
        idRoot,
        ref: p.ref,
        procedure: codes.procedure,
        translations: codes.cpt ? [codes.cpt] : [],
        start: hl7Day(p.start),
        end: p.end && p.end <= asOf ? hl7Day(p.end) : null,
        targetSite: codes.site,
        performer: p.performer,
      });
    }),
  );
}

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

export function socialHistorySection({ idRoot, record, asOf }: SectionContext): Xml {
  const items = [
    { ref: 'social-smoking', label: 'Tobacco smoking status', value: record.smoking.text },
    ...(record.alcohol ? [{ ref: 'social-alcohol', label: 'Alcohol use', value: record.alcohol.text }] : []),
    { ref: 'social-sex', label: 'Sex assigned at birth', value: record.sex === 'F' ? 'Female' : 'Male' },
  ];
  return section(
    'socialHistory',
    [
      narrativeTable(
        ['Social history', 'Observation', 'Date'],
        items.map((item) => ({ id: item.ref, cells: [item.label, item.value, shownDate(asOf)] })),
      ),
      record.socialComment ? paragraph(record.socialComment) : null,
    ],
    [
      smokingStatusEntry({ idRoot, ref: 'social-smoking', status: record.smoking.status, time: hl7Day(asOf) }),
      ...(record.alcohol
        ? [
            socialObservationEntry({
              idRoot,
              ref: 'social-alcohol',
              observed: ALCOHOL_PER_DAY,
              value: { value: record.alcohol.perDay, unit: '{drinks}/d' },
              time: hl7Day(asOf),
            }),
          ]
        : []),
      birthSexEntry(idRoot, record.sex, hl7Day(asOf)),
    ],
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
