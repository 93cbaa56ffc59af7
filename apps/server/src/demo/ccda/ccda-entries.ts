import {
  cdValue,
  CODE_SYSTEMS,
  codeElement,
  performer,
  templateId,
  textReference,
  type CcdaAddress,
  type CcdaProvider,
  type Coded,
} from './ccda-builder';
import { el, type Xml } from './xml';

// The coded entries of C-CDA R2.1 that the facility systems read: each a clinical statement with its template,
// identifier, codes (RxNorm, SNOMED CT, LOINC, CVX, CPT), times and values, and a reference to the row of the
// section's narrative it stands for (`ref`, the row's ID).

/** What every entry has: its identifier (a root of the sending system, the row's ID as extension). */
export interface EntryBase {
  idRoot: string;
  /** The narrative row's ID, also the entry's id extension. */
  ref: string;
}

export interface Quantity {
  value: number;
  /** UCUM ('mg', '10*3/uL'); none for a count of tablets. */
  unit?: string;
}

const entryId = (entry: EntryBase) => el('id', { root: entry.idRoot, extension: entry.ref });
const status = (code: string) => el('statusCode', { code });
const interval = (low: string | null, high: string | null) =>
  el(
    'effectiveTime',
    { 'xsi:type': 'IVL_TS' },
    low ? el('low', { value: low }) : el('low', { nullFlavor: 'UNK' }),
    high ? el('high', { value: high }) : null,
  );
const pq = (tag: string, q: Quantity, type?: string) =>
  el(tag, { 'xsi:type': type, value: q.value, unit: q.unit ?? '1' });
const concernCode = el('code', {
  code: 'CONC',
  codeSystem: CODE_SYSTEMS.ActClass,
  codeSystemName: 'HL7ActClass',
  displayName: 'Concern',
});
const assertion = el('code', { code: 'ASSERTION', codeSystem: CODE_SYSTEMS.ActCode, codeSystemName: 'ActCode' });

/* ------------------------------------------------------------ medications */

export interface MedicationEntry extends EntryBase {
  drug: Coded;
  status: 'active' | 'completed';
  start: string;
  end: string | null;
  /** Every so many hours (24: once a day), or null for a course given on its own schedule. */
  everyHours: number | null;
  route: Coded | null;
  dose: Quantity | null;
  prescriber: CcdaProvider | null;
}

/** Medication Activity (V2) with its Medication Information. */
export function medicationEntry(m: MedicationEntry): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'substanceAdministration',
      { classCode: 'SBADM', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.16', '2014-06-09'),
      entryId(m),
      textReference(m.ref),
      status(m.status),
      interval(m.start, m.end),
      m.everyHours
        ? el(
            'effectiveTime',
            { 'xsi:type': 'PIVL_TS', institutionSpecified: true, operator: 'A' },
            el('period', { value: m.everyHours, unit: 'h' }),
          )
        : null,
      m.route ? codeElement('routeCode', m.route) : null,
      m.dose ? pq('doseQuantity', m.dose) : null,
      el(
        'consumable',
        null,
        el(
          'manufacturedProduct',
          { classCode: 'MANU' },
          templateId('2.16.840.1.113883.10.20.22.4.23', '2014-06-09'),
          el('manufacturedMaterial', null, codeElement('code', m.drug)),
        ),
      ),
      m.prescriber ? performer(m.prescriber) : null,
    ),
  );
}

/* --------------------------------------------------------------- problems */

export interface ProblemEntry extends EntryBase {
  problem: Coded;
  /** The ICD-10-CM code as a translation. */
  icd10: Coded | null;
  onset: string;
  resolved: string | null;
}

/** Problem Concern Act (V3) holding a Problem Observation (V3). */
export function problemEntry(p: ProblemEntry): Xml {
  const active = p.resolved === null;
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'act',
      { classCode: 'ACT', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.3', '2015-08-01'),
      el('id', { root: p.idRoot, extension: `${p.ref}-concern` }),
      concernCode,
      status(active ? 'active' : 'completed'),
      interval(p.onset, p.resolved),
      el(
        'entryRelationship',
        { typeCode: 'SUBJ' },
        el(
          'observation',
          { classCode: 'OBS', moodCode: 'EVN' },
          templateId('2.16.840.1.113883.10.20.22.4.4', '2015-08-01'),
          entryId(p),
          codeElement('code', { code: '55607006', system: 'SNOMED CT', display: 'Problem' }, [
            { code: '75326-9', system: 'LOINC', display: 'Problem' },
          ]),
          textReference(p.ref),
          status('completed'),
          interval(p.onset, p.resolved),
          cdValue(p.problem, p.icd10 ? [p.icd10] : []),
        ),
      ),
    ),
  );
}

/* -------------------------------------------------------------- allergies */

export interface AllergyEntry extends EntryBase {
  /** The kind of reaction: 416098002 drug allergy, 300916003 latex allergy...; null with the others: none known. */
  allergyType: Coded | null;
  substance: Coded | null;
  reaction: Coded | null;
  onset: string | null;
}

const ALLERGY_TO_SUBSTANCE: Coded = { code: '419199007', system: 'SNOMED CT', display: 'Allergy to substance' };

/**
 * Allergy Concern Act (V3), Allergy - Intolerance Observation (V2) and its Reaction Observation (V2); with no
 * substance, the negated observation that says no allergy is known.
 */
export function allergyEntry(a: AllergyEntry): Xml {
  const noneKnown = a.substance === null;
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'act',
      { classCode: 'ACT', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.30', '2015-08-01'),
      el('id', { root: a.idRoot, extension: `${a.ref}-concern` }),
      concernCode,
      status('active'),
      interval(a.onset, null),
      el(
        'entryRelationship',
        { typeCode: 'SUBJ' },
        el(
          'observation',
          { classCode: 'OBS', moodCode: 'EVN', negationInd: noneKnown ? true : null },
          templateId('2.16.840.1.113883.10.20.22.4.7', '2014-06-09'),
          entryId(a),
          assertion,
          textReference(a.ref),
          status('completed'),
          interval(a.onset, null),
          cdValue(a.allergyType ?? ALLERGY_TO_SUBSTANCE),
          el(
            'participant',
            { typeCode: 'CSM' },
            el(
              'participantRole',
              { classCode: 'MANU' },
              el(
                'playingEntity',
                { classCode: 'MMAT' },
                a.substance ? codeElement('code', a.substance) : el('code', { nullFlavor: 'NA' }),
              ),
            ),
          ),
          a.reaction === null
            ? null
            : el(
                'entryRelationship',
                { typeCode: 'MFST', inversionInd: true },
                el(
                  'observation',
                  { classCode: 'OBS', moodCode: 'EVN' },
                  templateId('2.16.840.1.113883.10.20.22.4.9', '2014-06-09'),
                  el('id', { root: a.idRoot, extension: `${a.ref}-reaction` }),
                  el('code', { code: 'ASSERTION', codeSystem: CODE_SYSTEMS.ActCode }),
                  status('completed'),
                  cdValue(a.reaction),
                ),
              ),
        ),
      ),
    ),
  );
}

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

/* ------------------------------------------------------------- procedures */

export interface ProcedureEntry extends EntryBase {
  procedure: Coded;
  /** CPT or another code system's code for the same procedure. */
  translations: Coded[];
  start: string;
  end: string | null;
  targetSite: Coded | null;
  performer: CcdaProvider | null;
}

/** Procedure Activity Procedure (V2). */
export function procedureEntry(p: ProcedureEntry): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'procedure',
      { classCode: 'PROC', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.14', '2014-06-09'),
      entryId(p),
      codeElement(
        'code',
        p.procedure,
        p.translations,
        el('originalText', null, el('reference', { value: `#${p.ref}` })),
      ),
      status('completed'),
      p.end
        ? el('effectiveTime', null, el('low', { value: p.start }), el('high', { value: p.end }))
        : el('effectiveTime', { value: p.start }),
      p.targetSite ? codeElement('targetSiteCode', p.targetSite) : null,
      p.performer ? performer(p.performer) : null,
    ),
  );
}

/* ------------------------------------------------------------- encounters */

export interface EncounterEntry extends EntryBase {
  visitType: Coded;
  time: string;
  performer: CcdaProvider;
  location: { name: string; address: CcdaAddress };
  diagnosis: Coded | null;
}

/** Encounter Activity (V3) with its Service Delivery Location and Encounter Diagnosis (V3). */
export function encounterEntry(e: EncounterEntry): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'encounter',
      { classCode: 'ENC', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.49', '2015-08-01'),
      entryId(e),
      codeElement('code', e.visitType, [], el('originalText', null, el('reference', { value: `#${e.ref}` }))),
      el('effectiveTime', { value: e.time }),
      performer(e.performer),
      el(
        'participant',
        { typeCode: 'LOC' },
        el(
          'participantRole',
          { classCode: 'SDLOC' },
          templateId('2.16.840.1.113883.10.20.22.4.32'),
          el('code', { nullFlavor: 'UNK' }),
          el(
            'addr',
            null,
            e.location.address.street.map((s) => el('streetAddressLine', null, s)),
            el('city', null, e.location.address.city),
            el('state', null, e.location.address.state),
            el('postalCode', null, e.location.address.postalCode),
          ),
          el('playingEntity', { classCode: 'PLC' }, el('name', null, e.location.name)),
        ),
      ),
      e.diagnosis
        ? el(
            'entryRelationship',
            { typeCode: 'RSON' },
            el(
              'act',
              { classCode: 'ACT', moodCode: 'EVN' },
              templateId('2.16.840.1.113883.10.20.22.4.80', '2015-08-01'),
              el('code', {
                code: '29308-4',
                codeSystem: CODE_SYSTEMS.LOINC,
                codeSystemName: 'LOINC',
                displayName: 'Diagnosis',
              }),
              el(
                'entryRelationship',
                { typeCode: 'SUBJ' },
                el(
                  'observation',
                  { classCode: 'OBS', moodCode: 'EVN' },
                  templateId('2.16.840.1.113883.10.20.22.4.4', '2015-08-01'),
                  el('id', { root: e.idRoot, extension: `${e.ref}-diagnosis` }),
                  el('code', {
                    code: '282291009',
                    codeSystem: CODE_SYSTEMS['SNOMED CT'],
                    codeSystemName: 'SNOMED CT',
                    displayName: 'Diagnosis interpretation',
                  }),
                  status('completed'),
                  el('effectiveTime', null, el('low', { value: e.time })),
                  cdValue(e.diagnosis),
                ),
              ),
            ),
          )
        : null,
    ),
  );
}

/* ----------------------------------------------------------- immunizations */

export interface ImmunizationEntry extends EntryBase {
  vaccine: Coded;
  time: string;
  route: Coded;
  lotNumber: string;
  performer: CcdaProvider | null;
}

/** Immunization Activity (V3) with its Immunization Medication Information (V2). */
export function immunizationEntry(i: ImmunizationEntry): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'substanceAdministration',
      { classCode: 'SBADM', moodCode: 'EVN', negationInd: false },
      templateId('2.16.840.1.113883.10.20.22.4.52', '2015-08-01'),
      entryId(i),
      textReference(i.ref),
      status('completed'),
      el('effectiveTime', { value: i.time }),
      codeElement('routeCode', i.route),
      el(
        'consumable',
        null,
        el(
          'manufacturedProduct',
          { classCode: 'MANU' },
          templateId('2.16.840.1.113883.10.20.22.4.54', '2014-06-09'),
          el('manufacturedMaterial', null, codeElement('code', i.vaccine), el('lotNumberText', null, i.lotNumber)),
        ),
      ),
      i.performer ? performer(i.performer) : null,
    ),
  );
}

/* ---------------------------------------------------------- social history */

/** Smoking Status - Meaningful Use (V2). */
export function smokingStatusEntry(s: EntryBase & { status: Coded; time: string }): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.78', '2014-06-09'),
      entryId(s),
      codeElement('code', { code: '72166-2', system: 'LOINC', display: 'Tobacco smoking status' }),
      textReference(s.ref),
      status('completed'),
      el('effectiveTime', { value: s.time }),
      cdValue(s.status),
    ),
  );
}

/** Social History Observation (V3): a measured habit (alcoholic drinks a day). */
export function socialObservationEntry(s: EntryBase & { observed: Coded; value: Quantity; time: string }): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.38', '2015-08-01'),
      entryId(s),
      codeElement('code', s.observed),
      textReference(s.ref),
      status('completed'),
      el('effectiveTime', { value: s.time }),
      pq('value', s.value, 'PQ'),
    ),
  );
}

/** Birth Sex Observation. */
export function birthSexEntry(idRoot: string, sex: 'F' | 'M', time: string): Xml {
  return el(
    'entry',
    { typeCode: 'DRIV' },
    el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      templateId('2.16.840.1.113883.10.20.22.4.200', '2016-06-01'),
      el('id', { root: idRoot, extension: 'birth-sex' }),
      codeElement('code', { code: '76689-9', system: 'LOINC', display: 'Sex assigned at birth' }),
      status('completed'),
      el('effectiveTime', { value: time }),
      cdValue({ code: sex, system: 'AdministrativeGender', display: sex === 'F' ? 'Female' : 'Male' }),
    ),
  );
}

/* ------------------------------------------------------- plan of treatment */

export interface PlannedEntry extends EntryBase {
  kind: 'encounter' | 'procedure' | 'observation';
  planned: Coded;
  time: string;
}

const PLANNED: Record<PlannedEntry['kind'], { tag: string; template: string; moodCode: string; classCode: string }> = {
  encounter: { tag: 'encounter', template: '2.16.840.1.113883.10.20.22.4.40', moodCode: 'INT', classCode: 'ENC' },
  procedure: { tag: 'procedure', template: '2.16.840.1.113883.10.20.22.4.41', moodCode: 'RQO', classCode: 'PROC' },
  observation: { tag: 'observation', template: '2.16.840.1.113883.10.20.22.4.44', moodCode: 'RQO', classCode: 'OBS' },
};

/** Planned Encounter, Procedure or Observation (V2). */
export function plannedEntry(p: PlannedEntry): Xml {
  const kind = PLANNED[p.kind];
  return el(
    'entry',
    null,
    el(
      kind.tag,
      { classCode: kind.classCode, moodCode: kind.moodCode },
      templateId(kind.template, '2014-06-09'),
      entryId(p),
      codeElement('code', p.planned),
      textReference(p.ref),
      status('active'),
      el('effectiveTime', { value: p.time }),
    ),
  );
}
