import { zipSync, type Zippable } from 'fflate';
import type { HealthSummaryDownloadFormat } from '@portal/contracts';
import type { CcdaLabels } from '../../platform/ccda/labels';
import { documentFileName, documentPdf, rangeFileName } from './health-summary.documents';
import type { SummarySelection } from './health-summary.repository';

// The files of a summary, shared by the download and the sends (ADR 0014): one document is its XML as the system
// sent it, or the PDF of the same rendering as the view; several (a range) are one zip holding both for each.

export interface SummaryFile {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface SummaryDocument {
  id: number;
  documentDate: string;
  xml: string;
}

export interface FileLanguage {
  labels: CcdaLabels;
  /** BCP 47: the PDF's language and the locale of its dates. */
  locale: string;
}

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';
export const PDF_CONTENT_TYPE = 'application/pdf';
export const ZIP_CONTENT_TYPE = 'application/zip';

/** The document's XML exactly as stored (the bytes the system sent). */
export function xmlFile(document: SummaryDocument): SummaryFile {
  return {
    fileName: documentFileName(document, 'xml'),
    contentType: XML_CONTENT_TYPE,
    content: Buffer.from(document.xml, 'utf8'),
  };
}

/** The document's human-readable copy. */
export async function pdfFile(document: SummaryDocument, language: FileLanguage): Promise<SummaryFile> {
  return {
    fileName: documentFileName(document, 'pdf'),
    contentType: PDF_CONTENT_TYPE,
    content: await documentPdf(document.xml, language.labels, language.locale),
  };
}

/**
 * One zip holding each document's XML and PDF, named after the range. At most
 * HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest documents of at most 5 MiB each, so it is built in memory.
 */
export async function zipFile(
  documents: SummaryDocument[],
  range: { startDate: string; endDate: string },
  language: FileLanguage,
): Promise<SummaryFile> {
  const entries: Zippable = {};
  for (const document of documents) {
    const xml = xmlFile(document);
    // A PDF is compressed already: stored as it is.
    const pdf = await pdfFile(document, language);
    entries[xml.fileName] = xml.content;
    entries[pdf.fileName] = [pdf.content, { level: 0 }];
  }
  return { fileName: rangeFileName(range), contentType: ZIP_CONTENT_TYPE, content: zipSync(entries, { level: 6 }) };
}

/** The range a zip is named after: the selection's, else the documents' own first and last days. */
function rangeOf(documents: SummaryDocument[], selection: SummarySelection) {
  if ('startDate' in selection) return selection;
  const days = documents.map((document) => document.documentDate).sort();
  return { startDate: days[0] ?? '', endDate: days[days.length - 1] ?? '' };
}

/** What a download answers: one document in the format asked for; several, the zip of both formats. */
export function downloadFile(
  documents: SummaryDocument[],
  selection: SummarySelection,
  format: HealthSummaryDownloadFormat,
  language: FileLanguage,
): Promise<SummaryFile> {
  const [only] = documents;
  if (documents.length === 1 && only)
    return format === 'xml' ? Promise.resolve(xmlFile(only)) : pdfFile(only, language);
  return zipFile(documents, rangeOf(documents, selection), language);
}

/** What a send attaches: one document as its XML and its PDF; several, the zip of both (as a download). */
export async function attachmentFiles(
  documents: SummaryDocument[],
  selection: SummarySelection,
  language: FileLanguage,
): Promise<SummaryFile[]> {
  const [only] = documents;
  if (documents.length === 1 && only) return [xmlFile(only), await pdfFile(only, language)];
  return [await zipFile(documents, rangeOf(documents, selection), language)];
}
