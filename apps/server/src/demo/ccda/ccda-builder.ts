import { CODE_SYSTEMS, codeElement, templateId, type Coded } from './ccda-codes';
import { addressElement, nameElement, providerRole, telecom } from './ccda-participants';
import type { CcdaAddress, CcdaName, CcdaOrganization, CcdaProvider } from './ccda-participants';
import { hl7Day } from './ccda-times';
import { el, Xml } from './xml';

// A small builder of C-CDA R2.1 documents: the US Realm Header, a CCD, a progress note or an H&P, their sections
// with a narrative for people and coded entries for systems (ccda-*-entries.ts). Every text goes through `el`, which
// escapes it. This file writes the document and its header; its parts (codes, times, participants, section kinds,
// narrative) have files of their own, re-exported here.

export * from './ccda-codes';
export * from './ccda-narrative';
export * from './ccda-participants';
export * from './ccda-section-kinds';
export * from './ccda-times';
export { Xml };

export type CcdaDocumentKind = 'ccd' | 'progressNote' | 'historyAndPhysical';

const DOCUMENT_KINDS: Record<CcdaDocumentKind, { templateRoot: string; code: Coded }> = {
  ccd: {
    templateRoot: '2.16.840.1.113883.10.20.22.1.2',
    code: { code: '34133-9', system: 'LOINC', display: 'Summary of episode note' },
  },
  progressNote: {
    templateRoot: '2.16.840.1.113883.10.20.22.1.9',
    code: { code: '11506-3', system: 'LOINC', display: 'Progress note' },
  },
  historyAndPhysical: {
    templateRoot: '2.16.840.1.113883.10.20.22.1.3',
    code: { code: '34117-2', system: 'LOINC', display: 'History and physical note' },
  },
};

/** The LOINC code of each kind of document. */
export function documentCode(kind: CcdaDocumentKind): Coded {
  return DOCUMENT_KINDS[kind].code;
}

export interface CcdaPatient {
  /** The patient's identifiers: the MRN first. */
  ids: { root: string; extension: string }[];
  name: CcdaName;
  /** 'YYYY-MM-DD'. */
  birthDate: string;
  gender: 'F' | 'M';
  address: CcdaAddress;
  phone: string | null;
  /** BCP 47 ('en-US'). */
  language: string;
}

export interface CcdaEncounterHeader {
  id: { root: string; extension: string };
  /** The visit type: a CPT or SNOMED CT code with its displayName. */
  code: Coded;
  low: string;
  high: string;
  provider: CcdaProvider;
  location: { name: string; address: CcdaAddress };
}

export interface CcdaDocumentSpec {
  kind: CcdaDocumentKind;
  id: { root: string; extension: string };
  title: string;
  /** HL7 TS with its offset. */
  effectiveTime: string;
  patient: CcdaPatient;
  author: { time: string; provider: CcdaProvider };
  custodian: CcdaOrganization;
  /** documentationOf/serviceEvent: the period of care the document covers, with who performed it. */
  servicePeriod: { low: string; high: string; performers: CcdaProvider[] };
  /** componentOf/encompassingEncounter: a visit document's visit. */
  encounter?: CcdaEncounterHeader;
  sections: Xml[];
}

const GENDERS = { F: 'Female', M: 'Male' } as const;

function recordTarget(patient: CcdaPatient): Xml {
  return el(
    'recordTarget',
    null,
    el(
      'patientRole',
      null,
      patient.ids.map((id) => el('id', id)),
      addressElement(patient.address, 'HP'),
      patient.phone ? telecom(patient.phone, 'HP') : el('telecom', { nullFlavor: 'UNK' }),
      el(
        'patient',
        null,
        nameElement(patient.name, 'L'),
        el('administrativeGenderCode', {
          code: patient.gender,
          codeSystem: CODE_SYSTEMS.AdministrativeGender,
          codeSystemName: 'AdministrativeGender',
          displayName: GENDERS[patient.gender],
        }),
        el('birthTime', { value: hl7Day(patient.birthDate) }),
        el('raceCode', { nullFlavor: 'ASKU' }),
        el('ethnicGroupCode', { nullFlavor: 'ASKU' }),
        el(
          'languageCommunication',
          null,
          el('languageCode', { code: patient.language.slice(0, 2) }),
          el('preferenceInd', { value: true }),
        ),
      ),
    ),
  );
}

function encompassingEncounter(encounter: CcdaEncounterHeader): Xml {
  return el(
    'componentOf',
    null,
    el(
      'encompassingEncounter',
      null,
      el('id', encounter.id),
      codeElement('code', encounter.code),
      el('effectiveTime', null, el('low', { value: encounter.low }), el('high', { value: encounter.high })),
      el('responsibleParty', null, providerRole('assignedEntity', encounter.provider, false)),
      el('encounterParticipant', { typeCode: 'ATND' }, providerRole('assignedEntity', encounter.provider, false)),
      el(
        'location',
        null,
        el(
          'healthCareFacility',
          null,
          el('id', { root: encounter.provider.organization.id.root, extension: encounter.location.name }),
          el('location', null, el('name', null, encounter.location.name), addressElement(encounter.location.address)),
          el(
            'serviceProviderOrganization',
            null,
            el('name', null, encounter.provider.organization.name),
            telecom(encounter.provider.organization.phone),
            addressElement(encounter.provider.organization.address),
          ),
        ),
      ),
    ),
  );
}

/** The whole document as XML text, with its declaration. */
export function buildCcdaDocument(spec: CcdaDocumentSpec): string {
  const kind = DOCUMENT_KINDS[spec.kind];
  const document = el(
    'ClinicalDocument',
    {
      xmlns: 'urn:hl7-org:v3',
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xmlns:sdtc': 'urn:hl7-org:sdtc',
    },
    el('realmCode', { code: 'US' }),
    el('typeId', { root: '2.16.840.1.113883.1.3', extension: 'POCD_HD000040' }),
    templateId('2.16.840.1.113883.10.20.22.1.1', '2015-08-01'),
    templateId(kind.templateRoot, '2015-08-01'),
    el('id', spec.id),
    codeElement('code', kind.code),
    el('title', null, spec.title),
    el('effectiveTime', { value: spec.effectiveTime }),
    el('confidentialityCode', {
      code: 'N',
      codeSystem: CODE_SYSTEMS.Confidentiality,
      codeSystemName: 'Confidentiality',
      displayName: 'normal',
    }),
    el('languageCode', { code: 'en-US' }),
    el('setId', spec.id),
    el('versionNumber', { value: 1 }),
    recordTarget(spec.patient),
    el('author', null, el('time', { value: spec.author.time }), providerRole('assignedAuthor', spec.author.provider)),
    el(
      'custodian',
      null,
      el(
        'assignedCustodian',
        null,
        el(
          'representedCustodianOrganization',
          null,
          el('id', spec.custodian.id),
          el('name', null, spec.custodian.name),
          telecom(spec.custodian.phone),
          addressElement(spec.custodian.address),
        ),
      ),
    ),
    el(
      'documentationOf',
      null,
      el(
        'serviceEvent',
        { classCode: 'PCPR' },
        el(
          'effectiveTime',
          null,
          el('low', { value: spec.servicePeriod.low }),
          el('high', { value: spec.servicePeriod.high }),
        ),
        spec.servicePeriod.performers.map((provider) =>
          el('performer', { typeCode: 'PRF' }, providerRole('assignedEntity', provider)),
        ),
      ),
    ),
    spec.encounter ? encompassingEncounter(spec.encounter) : null,
    el(
      'component',
      null,
      el(
        'structuredBody',
        null,
        spec.sections.map((section) => el('component', null, section)),
      ),
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${document.toString()}\n`;
}
