import { narrativeTable, paragraph, styled } from './ccda-narrative';
import { resultEntry, vitalSignsEntry, type ResultObservation } from './ccda-result-entries';
import { section } from './ccda-section-kinds';
import { hl7Instant } from './ccda-times';
import { LABORATORY_TEST, PANELS, TESTS, VITALS } from './demo-ccda-codes';
import { NEW_YORK } from './demo-ccda-record';
import { shownDate, type SectionContext } from './demo-ccda-section-context';
import type { Xml } from './xml';

// The sections of measurements: the record's lab results as they stood on a day, and the vital signs taken at visits.

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
