import { cdValue, CODE_SYSTEMS, codeElement, templateId, type Coded } from './ccda-codes';
import { assertion, concernCode, entryId, interval, status, type EntryBase } from './ccda-entry-parts';
import { textReference } from './ccda-narrative';
import { el, type Xml } from './xml';

// The entries of problems and allergies: concern acts holding their observation (ccda-entry-parts.ts).

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
