import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Where pdf.js finds the metrics of the standard fonts (Helvetica is not embedded in our PDFs). */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The text of each page of a PDF, as a reader extracts it (pdf.js): the text runs of a page joined by
 * single spaces, whitespace normalised. Use it to assert what a generated PDF says, e.g.
 * `expect((await pdfText(res.rawPayload))[0]).toContain('Hemoglobin')`; `.length` is the page count.
 */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string[]> {
  // pdf.js may take over the buffer it is given: hand it a copy.
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const doc = await getDocument({
    data,
    standardFontDataUrl,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      const runs = content.items.map((item) => ('str' in item ? item.str : ''));
      pages.push(runs.join(' ').replace(/\s+/g, ' ').trim());
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** The document information of a PDF (Title, Author, Language, ...), as a reader sees it. */
export async function pdfInfo(bytes: Uint8Array | Buffer): Promise<Record<string, unknown>> {
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const doc = await getDocument({ data, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const { info } = await doc.getMetadata();
    return info as Record<string, unknown>;
  } finally {
    await doc.destroy();
  }
}

/**
 * The fonts a PDF uses, by name and without pdf-lib's numeric suffix: ['Helvetica', 'Helvetica-Bold'] for
 * a document in the standard fonts, ['NotoSansSC-Regular', 'NotoSansSC-Bold'] for one that embeds the
 * Unicode font.
 */
export async function pdfFonts(bytes: Uint8Array | Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const names = doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => (object instanceof PDFRawStream ? object.dict : object))
    .filter((object): object is PDFDict => object instanceof PDFDict)
    .filter((dict) => dict.get(PDFName.of('Type')) === PDFName.of('Font') && dict.has(PDFName.of('BaseFont')))
    .map((dict) => dict.get(PDFName.of('BaseFont'))!.toString().slice(1).replace(/-\d+$/, ''));
  return [...new Set(names)].sort();
}
