import { readCcdaHeader, type CcdaHeader } from './header';
import { readCcdaSections, type CcdaBodyKind, type CcdaSection } from './narrative';
import { parseCcdaXml, type ParseLimits } from './parse';

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
}

/** Parses and reads a C-CDA document; throws CcdaError for a document refused (see parseCcdaXml). */
export function readCcdaDocument(input: string | Uint8Array, limits?: ParseLimits): CcdaDocument {
  const root = parseCcdaXml(input, limits);
  return { header: readCcdaHeader(root), ...readCcdaSections(root) };
}
