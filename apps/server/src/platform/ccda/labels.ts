import { CCDA_DOCUMENT_TYPES } from '@portal/contracts';

// The words a rendering of a C-CDA document adds around the document's own text (the HTML view and the PDF):
// the caller's, so the language packs can translate them; English defaults for tests and fallbacks.

export interface CcdaLabels {
  /** Caption of the header summary table. */
  summary: string;
  /** The heading of a document with neither a title nor a known type. */
  untitledDocument: string;
  /**
   * The names of the document types by their LOINC code (the document's code), shown under its title; a code
   * not listed shows the sender's displayName.
   */
  documentTypes: Record<string, string>;
  patient: string;
  /** A patient identifier of a record the document comes from (its number: a medical record number). */
  patientId: string;
  /** A US Social Security number (root 2.16.840.1.113883.4.1), shown as its last four digits only. */
  ssn: string;
  address: string;
  birthDate: string;
  gender: string;
  author: string;
  organization: string;
  documentDate: string;
  encounterDate: string;
  visitType: string;
  provider: string;
  location: string;
  periodCovered: string;
  /** The document's versionNumber, shown from the second version on. */
  version: string;
  /** A clinician of the care the document covers (documentationOf/serviceEvent/performer). */
  performer: string;
  /** Who signed the document (legalAuthenticator); its value is signedOn. */
  legalAuthenticator: string;
  /** '{name} on {date}'. */
  signedOn: string;
  /** A name with the role or relationship the document gives it: '{name} ({role})'. */
  withRole: string;
  /** A participant the roles below do not name. */
  participant: string;
  /** A participant by its associatedEntity classCode (NOK, ECON, CAREGIVER...) or its typeCode (CALLBCK). */
  participantRoles: Record<string, string>;
  /** A period with both ends: '{start} to {end}'. */
  periodRange: string;
  /** A period with no end (still in hospital): 'From {start}'. */
  periodFrom: string;
  /** A period with no start: 'Until {end}'. */
  periodUntil: string;
  /** The names of administrativeGenderCode's codes; a code not listed shows the sender's displayName. */
  genders: Record<string, string>;
  untitledSection: string;
  /** The name of a DICOM object catalog section (DCM 121181), which has no title by design. */
  dicomCatalog: string;
  /** Said of a DICOM object catalog: it lists the study's images for imaging systems, with no text for people. */
  dicomCatalogNote: string;
  /** Shown for a section with no narrative (coded entries only). */
  noNarrative: string;
  /** Shown for a document with no sections to show (an empty body). */
  noSections: string;
  /** An unstructured document that wraps a PDF: the page offers the file. */
  attachedPdf: string;
  /** An unstructured document that wraps another file ('{mediaType}'), or refers to one elsewhere. */
  attachedFile: string;
  /** Stands where the document places an image or other media, which the view never shows. */
  multimedia: string;
}

export const CCDA_LABELS_EN: CcdaLabels = {
  summary: 'About this document',
  untitledDocument: 'Health summary',
  documentTypes: { ...CCDA_DOCUMENT_TYPES },

  patient: 'Patient',
  patientId: 'Patient ID',
  ssn: 'Social Security number',
  address: 'Address',
  birthDate: 'Date of birth',
  gender: 'Gender',
  author: 'Author',
  organization: 'Organization',
  documentDate: 'Document date',
  encounterDate: 'Visit date',
  visitType: 'Visit type',
  provider: 'Provider',
  location: 'Location',
  periodCovered: 'Period covered',
  version: 'Version',
  performer: 'Care team member',
  legalAuthenticator: 'Signed by',
  signedOn: '{name} on {date}',
  withRole: '{name} ({role})',
  participant: 'Other contact',
  participantRoles: {
    NOK: 'Next of kin',
    ECON: 'Emergency contact',
    CAREGIVER: 'Caregiver',
    AGNT: 'Agent',
    GUAR: 'Guarantor',
    CALLBCK: 'Call-back contact',
  },
  periodRange: '{start} to {end}',
  periodFrom: 'From {start}',
  periodUntil: 'Until {end}',
  genders: { F: 'Female', M: 'Male', UN: 'Undifferentiated' },
  untitledSection: 'Untitled section',
  dicomCatalog: 'DICOM object catalog',
  dicomCatalogNote:
    'This section lists the images of the imaging study for imaging systems to find them. It has no text to show.',
  noNarrative: 'This section has no text to show.',
  noSections: 'This document has no sections to show.',
  attachedPdf: 'The content of this document is a PDF file.',
  attachedFile:
    'The content of this document is a file ({mediaType}) that cannot be shown here. The C-CDA (XML) download holds it.',
  multimedia: '[Image or other media not shown]',
};
