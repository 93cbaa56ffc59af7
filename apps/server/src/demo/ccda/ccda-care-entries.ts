import { cdValue, CODE_SYSTEMS, codeElement, templateId, type Coded } from './ccda-codes';
import { entryId, status, type EntryBase } from './ccda-entry-parts';
import { textReference } from './ccda-narrative';
import { performer, type CcdaAddress, type CcdaProvider } from './ccda-participants';
import { el, type Xml } from './xml';

// The entries of procedures, encounters and the plan of treatment (ccda-entry-parts.ts).

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
