import { CCDA_LABELS_EN, type CcdaLabels } from '../../platform/ccda/labels';
import { attachedPdf, readCcdaDocument } from '../../platform/ccda/document';
import { renderCcdaPdf } from '../../platform/ccda/render-pdf';
import type { Strings } from '../../platform/content/language-packs';

// What the reads, downloads and sends of a summary share: the rendering's words in the caller's language, the
// file names, and the readable copy (PDF) of a document.

const LABEL_KEYS = [
  'summary',
  'untitledDocument',
  'patient',
  'patientId',
  'ssn',
  'address',
  'birthDate',
  'gender',
  'author',
  'organization',
  'documentDate',
  'encounterDate',
  'visitType',
  'provider',
  'location',
  'periodCovered',
  'version',
  'performer',
  'legalAuthenticator',
  'signedOn',
  'withRole',
  'participant',
  'periodRange',
  'periodFrom',
  'periodUntil',
  'untitledSection',
  'dicomCatalog',
  'dicomCatalogNote',
  'noNarrative',
  'noSections',
  'attachedPdf',
  'attachedFile',
  'multimedia',
] as const satisfies readonly Exclude<keyof CcdaLabels, LabelMap>[];

/** The labels that are names by code, and the prefix of their keys in the packs ('ccda.gender.F'). */
type LabelMap = 'genders' | 'documentTypes' | 'participantRoles';
const LABEL_MAPS: Record<LabelMap, string> = {
  genders: 'ccda.gender',
  documentTypes: 'ccda.documentType',
  participantRoles: 'ccda.participantRole',
};

/** The rendering's labels from a language pack's `ccda.*` keys (English where a key is missing). */
export function ccdaLabels(strings: Strings): CcdaLabels {
  const labels: CcdaLabels = { ...CCDA_LABELS_EN };
  for (const key of LABEL_KEYS) labels[key] = strings[`ccda.${key}`] ?? CCDA_LABELS_EN[key];
  for (const [map, prefix] of Object.entries(LABEL_MAPS) as [LabelMap, string][]) {
    const names = { ...CCDA_LABELS_EN[map] };
    for (const code of Object.keys(names)) names[code] = strings[`${prefix}.${code}`] ?? names[code]!;
    labels[map] = names;
  }
  return labels;
}

/**
 * A file name for a document: HealthSummary_{date}_{id}.{ext}, ASCII only, so every mail client and file system
 * keeps it (the title may be in any script; the id tells two documents of one day apart).
 */
export function documentFileName(document: { id: number; documentDate: string }, extension: 'xml' | 'pdf'): string {
  return `HealthSummary_${document.documentDate}_${document.id}.${extension}`;
}

/** The name of a zip of several documents: HealthSummary_{start}_to_{end}.zip. */
export function rangeFileName(range: { startDate: string; endDate: string }): string {
  return `HealthSummary_${range.startDate}_to_${range.endDate}.zip`;
}

/**
 * The human-readable copy of a stored document as a PDF: the PDF an unstructured document wraps, as it is (its
 * bytes begin as a PDF's do: attachedPdf), else the same rendering as the view.
 */
export async function documentPdf(xml: string, labels: CcdaLabels, locale: string): Promise<Uint8Array> {
  const document = readCcdaDocument(xml);
  return attachedPdf(document) ?? renderCcdaPdf(document, { labels, language: locale });
}
