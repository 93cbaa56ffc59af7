import { CODE_SYSTEMS, codeElement, templateId, type Coded } from './ccda-codes';
import { entryId, pq, status, type EntryBase, type Quantity } from './ccda-entry-parts';
import { textReference } from './ccda-narrative';
import { el, type Xml } from './xml';

// The entries of results and vital signs: organizers of observations (ccda-entry-parts.ts).

/* ---------------------------------------------------------------- results */

export type Interpretation = 'N' | 'L' | 'H' | 'LL' | 'HH';

const INTERPRETATIONS: Record<Interpretation, string> = {
  N: 'Normal',
  L: 'Low',
  H: 'High',
  LL: 'Critical low',
  HH: 'Critical high',
};

export interface ResultObservation extends EntryBase {
  test: Coded;
  /** A measurement, or a text result (a pathology report's diagnosis). */
  value: Quantity | { text: string };
  interpretation: Interpretation | null;
  /** The reference range as written ('3.4 - 10.8 x10^3/uL') and, when numeric, its bounds. */
  range: { text: string; low: number | null; high: number | null; unit?: string } | null;
  status: 'completed' | 'active' | 'corrected';
}

export interface ResultPanel extends EntryBase {
  panel: Coded;
  time: string;
  status: 'completed' | 'active';
  observations: ResultObservation[];
}

function resultValue(value: ResultObservation['value']): Xml {
  return 'text' in value ? el('value', { 'xsi:type': 'ST' }, value.text) : pq('value', value, 'PQ');
}

function referenceRange(range: NonNullable<ResultObservation['range']>): Xml {
  const bound = (tag: string, value: number | null) =>
    value === null ? null : el(tag, { value, unit: range.unit ?? '1' });
  return el(
    'referenceRange',
    null,
    el(
      'observationRange',
      null,
      el('text', null, range.text),
      range.low !== null || range.high !== null
        ? el('value', { 'xsi:type': 'IVL_PQ' }, bound('low', range.low), bound('high', range.high))
        : null,
    ),
  );
}

/** Result Organizer (V3) with its Result Observations (V3). */
export function resultEntry(r: ResultPanel): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'organizer',
      { classCode: 'CLUSTER', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.1', '2015-08-01'),
      entryId(r),
      codeElement('code', r.panel),
      status(r.status),
      el('effectiveTime', null, el('low', { value: r.time }), el('high', { value: r.time })),
      r.observations.map((o) =>
        el(
          'component',
          null,
          el(
            'observation',
            { classCode: 'OBS', moodCode: 'EVN' },
            templateId('2.16.840.1.113883.10.20.22.4.2', '2015-08-01'),
            entryId(o),
            codeElement('code', o.test),
            textReference(o.ref),
            // A corrected value is a completed observation; the organizer's narrative says it was corrected.
            status(o.status === 'corrected' ? 'completed' : o.status),
            el('effectiveTime', { value: r.time }),
            resultValue(o.value),
            o.interpretation
              ? el('interpretationCode', {
                  code: o.interpretation,
                  codeSystem: CODE_SYSTEMS.ObservationInterpretation,
                  codeSystemName: 'ObservationInterpretation',
                  displayName: INTERPRETATIONS[o.interpretation],
                })
              : null,
            o.range ? referenceRange(o.range) : null,
          ),
        ),
      ),
    ),
  );
}

/* ------------------------------------------------------------ vital signs */

export interface VitalSignsEntry extends EntryBase {
  time: string;
  observations: (EntryBase & { vital: Coded; value: Quantity })[];
}

/** Vital Signs Organizer (V3) with its Vital Sign Observations (V2). */
export function vitalSignsEntry(v: VitalSignsEntry): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'organizer',
      { classCode: 'CLUSTER', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.26', '2015-08-01'),
      entryId(v),
      codeElement('code', { code: '46680005', system: 'SNOMED CT', display: 'Vital signs' }, [
        {
          code: '74728-7',
          system: 'LOINC',
          display: 'Vital signs, weight, height, head circumference, oximetry, BMI, and BSA panel - HL7.FHIRLIST',
        },
      ]),
      status('completed'),
      el('effectiveTime', { value: v.time }),
      v.observations.map((o) =>
        el(
          'component',
          null,
          el(
            'observation',
            { classCode: 'OBS', moodCode: 'EVN' },
            templateId('2.16.840.1.113883.10.20.22.4.27', '2014-06-09'),
            entryId(o),
            codeElement('code', o.vital),
            textReference(o.ref),
            status('completed'),
            el('effectiveTime', { value: v.time }),
            pq('value', o.value, 'PQ'),
          ),
        ),
      ),
    ),
  );
}
