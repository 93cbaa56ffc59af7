import { procedureEntry } from './ccda-care-entries';
import { allergyEntry, problemEntry } from './ccda-concern-entries';
import { medicationEntry } from './ccda-medication-entries';
import { narrativeTable, paragraph, styled } from './ccda-narrative';
import { section } from './ccda-section-kinds';
import { birthSexEntry, smokingStatusEntry, socialObservationEntry } from './ccda-social-entries';
import { hl7Day } from './ccda-times';
import { ALCOHOL_PER_DAY, PROCEDURES } from './demo-ccda-codes';
import { medicationsAsOf } from './demo-ccda-record';
import { providerName, shownDate, type SectionContext } from './demo-ccda-section-context';
import type { Xml } from './xml';

// The sections of what the record lists as it stood on a day (demo-ccda-section-context.ts): medications, problems,
// allergies, procedures and social history.

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
