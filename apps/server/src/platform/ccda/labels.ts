// The words a rendering of a C-CDA document adds around the document's own text (the HTML view and the PDF):
// the caller's, so the language packs can translate them; English defaults for tests and fallbacks.

export interface CcdaLabels {
  /** Caption of the header summary table. */
  summary: string;
  patient: string;
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
  /** A period with both ends: '{start} to {end}'. */
  periodRange: string;
  /** A period with no end (still in hospital): 'From {start}'. */
  periodFrom: string;
  /** A period with no start: 'Until {end}'. */
  periodUntil: string;
  /** The names of administrativeGenderCode's codes; a code not listed shows the sender's displayName. */
  genders: Record<string, string>;
  untitledSection: string;
  /** Shown for a section with no narrative (coded entries only). */
  noNarrative: string;
  /** Shown for a document with no sections to show (a nonXMLBody, an empty body). */
  noSections: string;
  /** Stands where the document places an image or other media, which the view never shows. */
  multimedia: string;
}

export const CCDA_LABELS_EN: CcdaLabels = {
  summary: 'About this document',
  patient: 'Patient',
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
  periodRange: '{start} to {end}',
  periodFrom: 'From {start}',
  periodUntil: 'Until {end}',
  genders: { F: 'Female', M: 'Male', UN: 'Undifferentiated' },
  untitledSection: 'Untitled section',
  noNarrative: 'This section has no text to show.',
  noSections: 'This document has no sections to show.',
  multimedia: '[Image or other media not shown]',
};
