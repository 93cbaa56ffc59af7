import { CODE_SYSTEMS, templateId } from './ccda-codes';
import { el, type Xml, type XmlChild } from './xml';

// The sections of a C-CDA document: each kind's R2.1 template and LOINC code, and the section element itself.

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
