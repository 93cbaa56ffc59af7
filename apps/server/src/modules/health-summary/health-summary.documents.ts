import { CCDA_LABELS_EN, type CcdaLabels } from '../../platform/ccda/labels';
import { readCcdaDocument } from '../../platform/ccda/document';
import { renderCcdaPdf } from '../../platform/ccda/render-pdf';
import type { Strings } from '../../platform/content/language-packs';

// What the reads, downloads and sends of a summary share: the rendering's words in the caller's language, the
// file names, and the readable copy (PDF) of a document.

const LABEL_KEYS = [
  'summary',
  'patient',
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
  'periodRange',
  'periodFrom',
  'periodUntil',
  'untitledSection',
  'noNarrative',
  'noSections',
  'multimedia',
] as const satisfies readonly Exclude<keyof CcdaLabels, 'genders'>[];

/** The rendering's labels from a language pack's `ccda.*` keys (English where a key is missing). */
export function ccdaLabels(strings: Strings): CcdaLabels {
  const labels = { ...CCDA_LABELS_EN, genders: { ...CCDA_LABELS_EN.genders } };
  for (const key of LABEL_KEYS) labels[key] = strings[`ccda.${key}`] ?? CCDA_LABELS_EN[key];
  for (const code of Object.keys(labels.genders)) {
    labels.genders[code] = strings[`ccda.gender.${code}`] ?? labels.genders[code]!;
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

/** The human-readable copy of a stored document (the same rendering as the view), as a PDF. */
export function documentPdf(xml: string, labels: CcdaLabels, locale: string): Promise<Uint8Array> {
  return renderCcdaPdf(readCcdaDocument(xml), { labels, language: locale });
}
