import { el, type Xml, type XmlChild } from './xml';

// The codes of a C-CDA document: the code systems' OIDs, a code with its system and displayName, template ids.

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
