import { addDays, localDate, offsetMinutes } from '../../platform/time/time';
import { el, Xml, type XmlChild } from './xml';

// A small builder of C-CDA R2.1 documents: the US Realm Header, a CCD, a progress note or an H&P, their sections
// with a narrative for people and coded entries for systems (ccda-entries.ts). Every text goes through `el`, which
// escapes it.

/* ------------------------------------------------------------------ codes */

export const CODE_SYSTEMS = {
  LOINC: '2.16.840.1.113883.6.1',
  'SNOMED CT': '2.16.840.1.113883.6.96',
  RxNorm: '2.16.840.1.113883.6.88',
  CPT: '2.16.840.1.113883.6.12',
  'ICD-10-CM': '2.16.840.1.113883.6.90',
  CVX: '2.16.840.1.113883.12.292',
  ActCode: '2.16.840.1.113883.5.4',
  ActClass: '2.16.840.1.113883.5.6',
  ObservationInterpretation: '2.16.840.1.113883.5.83',
  AdministrativeGender: '2.16.840.1.113883.5.1',
  Confidentiality: '2.16.840.1.113883.5.25',
  /** FDA routes of administration are NCI Thesaurus codes. */
  'NCI Thesaurus': '2.16.840.1.113883.3.26.1.1',
  UCUM: '2.16.840.1.113883.6.8',
} as const;

export type CodeSystemName = keyof typeof CODE_SYSTEMS;

/** A code with its system and the words a reader sees. */
export interface Coded {
  code: string;
  system: CodeSystemName;
  display: string;
}

export const NPI_OID = '2.16.840.1.113883.4.6';

/** `<code code=... codeSystem=... displayName=...>` with translations (a SNOMED problem's ICD-10-CM code). */
export function codeElement(tag: string, coded: Coded, translations: Coded[] = [], extra: XmlChild = null): Xml {
  return el(
    tag,
    codeAttributes(coded),
    extra,
    translations.map((t) => el('translation', codeAttributes(t))),
  );
}

/** The same as an xsi:type CD value. */
export function cdValue(coded: Coded, translations: Coded[] = []): Xml {
  return el(
    'value',
    { 'xsi:type': 'CD', ...codeAttributes(coded) },
    translations.map((t) => el('translation', codeAttributes(t))),
  );
}

export function codeAttributes(coded: Coded) {
  return {
    code: coded.code,
    codeSystem: CODE_SYSTEMS[coded.system],
    codeSystemName: coded.system,
    displayName: coded.display,
  };
}

export function templateId(root: string, extension?: string): Xml {
  return el('templateId', { root, extension });
}

/* ------------------------------------------------------------------ times */

/** HL7 TS of an instant on a zone's wall clock with its offset: '20250305142500-0500'. */
export function hl7Instant(at: Date, timeZoneId: string): string {
  const offset = offsetMinutes(timeZoneId, at);
  const wall = new Date(at.getTime() + offset * 60_000);
  const digits = wall.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${digits}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** HL7 TS of a calendar day: '20250305' for '2025-03-05'. */
export function hl7Day(date: string): string {
  return date.replace(/-/g, '');
}

/** The calendar day `days` before `now` in a zone. */
export function dayBefore(now: Date, days: number, timeZoneId: string): string {
  return addDays(localDate(now, timeZoneId), -days);
}

/* ---------------------------------------------------------- people, places */

export interface CcdaAddress {
  street: string[];
  city: string;
  state: string;
  postalCode: string;
  country?: string;
}

export interface CcdaName {
  prefix?: string;
  given: string[];
  family: string;
  suffix?: string;
}

export interface CcdaOrganization {
  /** The organisation's identifier (an NPI, or an OID of its own). */
  id: { root: string; extension?: string };
  name: string;
  phone: string;
  address: CcdaAddress;
}

export interface CcdaProvider {
  npi: string;
  name: CcdaName;
  phone: string;
  organization: CcdaOrganization;
}

export function addressElement(address: CcdaAddress, use = 'WP'): Xml {
  return el(
    'addr',
    { use },
    address.street.map((line) => el('streetAddressLine', null, line)),
    el('city', null, address.city),
    el('state', null, address.state),
    el('postalCode', null, address.postalCode),
    el('country', null, address.country ?? 'US'),
  );
}

export function nameElement(name: CcdaName, use?: string): Xml {
  return el(
    'name',
    { use },
    name.prefix ? el('prefix', null, name.prefix) : null,
    name.given.map((given) => el('given', null, given)),
    el('family', null, name.family),
    name.suffix ? el('suffix', { qualifier: 'AC' }, name.suffix) : null,
  );
}

export function telecom(phone: string, use = 'WP'): Xml {
  return el('telecom', { use, value: `tel:${phone}` });
}

function organizationElement(tag: string, organization: CcdaOrganization): Xml {
  return el(
    tag,
    null,
    el('id', organization.id),
    el('name', null, organization.name),
    telecom(organization.phone),
    addressElement(organization.address),
  );
}

/** assignedEntity (or another role) of a provider: NPI, address, phone, the person, the organisation. */
export function providerRole(tag: string, provider: CcdaProvider, withOrganization = true): Xml {
  return el(
    tag,
    null,
    el('id', { root: NPI_OID, extension: provider.npi }),
    addressElement(provider.organization.address),
    telecom(provider.phone),
    el('assignedPerson', null, nameElement(provider.name)),
    withOrganization ? organizationElement('representedOrganization', provider.organization) : null,
  );
}

/** A performer of an entry (a medication's prescriber, a procedure's surgeon). */
export function performer(provider: CcdaProvider): Xml {
  return el('performer', { typeCode: 'PRF' }, providerRole('assignedEntity', provider));
}

/* --------------------------------------------------------------- document */

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

/* --------------------------------------------------------------- sections */

interface SectionKind {
  templateRoot: string;
  extension?: string;
  code: string;
  display: string;
  title: string;
}

/** The sections the demo writes, with their R2.1 templates (entries required where R2.1 has both) and LOINC codes. */
export const SECTIONS = {
  allergies: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.6.1',
    extension: '2015-08-01',
    code: '48765-2',
    display: 'Allergies and adverse reactions Document',
    title: 'Allergies and Intolerances',
  },
  medications: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.1.1',
    extension: '2014-06-09',
    code: '10160-0',
    display: 'History of Medication use Narrative',
    title: 'Medications',
  },
  problems: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.5.1',
    extension: '2015-08-01',
    code: '11450-4',
    display: 'Problem list - Reported',
    title: 'Problems',
  },
  results: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.3.1',
    extension: '2015-08-01',
    code: '30954-2',
    display: 'Relevant diagnostic tests/laboratory data Narrative',
    title: 'Results',
  },
  vitalSigns: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.4.1',
    extension: '2015-08-01',
    code: '8716-3',
    display: 'Vital signs',
    title: 'Vital Signs',
  },
  procedures: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.7.1',
    extension: '2014-06-09',
    code: '47519-4',
    display: 'History of Procedures Document',
    title: 'Procedures',
  },
  encounters: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.22.1',
    extension: '2015-08-01',
    code: '46240-8',
    display: 'History of Hospitalizations+Outpatient visits Narrative',
    title: 'Encounters',
  },
  planOfTreatment: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.10',
    extension: '2014-06-09',
    code: '18776-5',
    display: 'Plan of care note',
    title: 'Plan of Treatment',
  },
  immunizations: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.2.1',
    extension: '2015-08-01',
    code: '11369-6',
    display: 'History of Immunization Narrative',
    title: 'Immunizations',
  },
  socialHistory: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.17',
    extension: '2015-08-01',
    code: '29762-2',
    display: 'Social history Narrative',
    title: 'Social History',
  },
  reasonForVisit: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.13',
    code: '46239-0',
    display: 'Chief complaint+Reason for visit Narrative',
    title: 'Chief Complaint and Reason for Visit',
  },
  historyOfPresentIllness: {
    templateRoot: '1.3.6.1.4.1.19376.1.5.3.1.3.4',
    code: '10164-2',
    display: 'History of Present illness Narrative',
    title: 'History of Present Illness',
  },
  physicalExam: {
    templateRoot: '2.16.840.1.113883.10.20.2.10',
    extension: '2015-08-01',
    code: '29545-1',
    display: 'Physical findings Narrative',
    title: 'Physical Examination',
  },
  assessmentAndPlan: {
    templateRoot: '2.16.840.1.113883.10.20.22.2.9',
    extension: '2014-06-09',
    code: '51847-2',
    display: 'Evaluation + Plan note',
    title: 'Assessment and Plan',
  },
} as const satisfies Record<string, SectionKind>;

export type SectionName = keyof typeof SECTIONS;

/** A section: its template, LOINC code, title, narrative and entries. */
export function section(name: SectionName, text: XmlChild, entries: Xml[] = []): Xml {
  const kind: SectionKind = SECTIONS[name];
  return el(
    'section',
    null,
    templateId(kind.templateRoot, kind.extension),
    el('code', { code: kind.code, codeSystem: CODE_SYSTEMS.LOINC, codeSystemName: 'LOINC', displayName: kind.display }),
    el('title', null, kind.title),
    el('text', null, text),
    entries,
  );
}

/* -------------------------------------------------------------- narrative */

export interface NarrativeRow {
  /** The row's ID, which the entry's originalText references ('#med-1'). */
  id?: string;
  cells: XmlChild[];
}

export function narrativeTable(headers: string[], rows: NarrativeRow[], caption?: string): Xml {
  return el(
    'table',
    { border: 1, width: '100%' },
    caption ? el('caption', null, caption) : null,
    el(
      'thead',
      null,
      el(
        'tr',
        null,
        headers.map((h) => el('th', null, h)),
      ),
    ),
    el(
      'tbody',
      null,
      rows.map((row) =>
        el(
          'tr',
          { ID: row.id },
          row.cells.map((cell) => el('td', null, cell)),
        ),
      ),
    ),
  );
}

export function narrativeList(items: XmlChild[], ordered = false): Xml {
  return el(
    'list',
    { listType: ordered ? 'ordered' : 'unordered' },
    items.map((item) => el('item', null, item)),
  );
}

export function paragraph(...children: XmlChild[]): Xml {
  return el('paragraph', null, ...children);
}

/** Styled content: 'Bold', 'Italics', 'Underline', 'Emphasis'. */
export function styled(text: XmlChild, styleCode: 'Bold' | 'Italics' | 'Underline' | 'Emphasis'): Xml {
  return el('content', { styleCode }, text);
}

/** `<text><reference value="#id"/></text>`: an entry's link to its narrative. */
export function textReference(id: string): Xml {
  return el('text', null, el('reference', { value: `#${id}` }));
}

export { Xml };
