import { readCcdaHeader, type CcdaHeader } from './header';
import { readCcdaSections, type CcdaBodyKind, type CcdaSection } from './narrative';
import { attr, firstChild, textContent, parseCcdaXml, type ParseLimits, type XmlElement } from './parse';

/**
 * A C-CDA document as the portal reads it: the header's metadata and the body's sections with their narrative,
 * in document order. What the HTML view renders, and what a PDF renderer walks (section.blocks, then
 * section.sections). The coded entries are not read: the narrative is the document's human-readable content.
 */
export interface CcdaDocument {
  header: CcdaHeader;
  /** 'nonXml' for a document whose body is a wrapped file (a PDF, an image): it has no sections to show. */
  bodyKind: CcdaBodyKind;
  sections: CcdaSection[];
  /** The file a nonXMLBody wraps; null for a structured body. */
  attachment: CcdaAttachment | null;
}

/** The file of an unstructured document (nonXMLBody/text, an ED). */
export interface CcdaAttachment {
  /** Its media type as the sender gives it ('application/pdf'); CDA's default is text/plain. */
  mediaType: string;
  /** Its bytes when the document holds them (B64 or text); null when it only refers to a file elsewhere. */
  content: Uint8Array | null;
}

/** Parses and reads a C-CDA document; throws CcdaError for a document refused (see parseCcdaXml). */
export function readCcdaDocument(input: string | Uint8Array, limits?: ParseLimits): CcdaDocument {
  const root = parseCcdaXml(input, limits);
  return { header: readCcdaHeader(root), ...readCcdaSections(root), attachment: readAttachment(root) };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function readAttachment(root: XmlElement): CcdaAttachment | null {
  const body = firstChild(root, 'component', 'nonXMLBody');
  if (!body) return null;
  const text = firstChild(body, 'text');
  const mediaType = (attr(text, 'mediaType') ?? 'text/plain').trim().toLowerCase();
  // A reference to a file kept elsewhere is never fetched (ADR 0012: no network): there is nothing to offer.
  if (!text || firstChild(text, 'reference')) return { mediaType, content: null };
  const written = textContent(text);
  if ((attr(text, 'representation') ?? 'TXT').toUpperCase() === 'B64') {
    const base64 = written.replace(/\s+/g, '');
    return { mediaType, content: BASE64.test(base64) && base64 ? new Uint8Array(Buffer.from(base64, 'base64')) : null };
  }
  return { mediaType, content: written.trim() ? new TextEncoder().encode(written) : null };
}

/**
 * The PDF an unstructured document wraps, when it is one: its media type says so and its bytes begin as a PDF
 * does. Anything else (an image, a file that only claims to be a PDF) is null: the portal does not offer it.
 */
export function attachedPdf(document: Pick<CcdaDocument, 'attachment'>): Uint8Array | null {
  const content = document.attachment?.content;
  if (document.attachment?.mediaType !== 'application/pdf' || !content) return null;
  return new TextDecoder('latin1').decode(content.subarray(0, 5)) === '%PDF-' ? content : null;
}
