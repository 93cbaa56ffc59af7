import { SaxesParser, type SaxesTagNS } from 'saxes';
import { AppError } from '../errors/app-error';

// C-CDA documents come from other systems (the integration API, later a patient's upload), so the parser is a
// boundary: it reads only what a C-CDA document needs (elements, attributes, text) and refuses the rest. No DTD
// is ever read (a DOCTYPE is refused, so no entity is ever declared or expanded), saxes knows only the five
// predefined entities and character references, and nothing is fetched: saxes has no resolver at all, and
// processing instructions (an xml-stylesheet) are skipped. Every limit is checked while parsing, before the
// tree grows past it.

export const CDA_NAMESPACE = 'urn:hl7-org:v3';
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

export const CCDA_LIMITS = {
  /** Size of the document as UTF-8 bytes. The largest HL7 example is 176 KB; a CCD of years of care is ~2 MB. */
  maxBytes: 5 * 1024 * 1024,
  /** Depth of element nesting. Real documents nest about 20 deep (entries in entries in sections). */
  maxDepth: 200,
  maxElements: 200_000,
  maxAttributesPerElement: 64,
  /** Characters of one text run (text and CDATA between two tags) or one attribute value. */
  maxTextLength: 1_000_000,
} as const;

export type CcdaErrorReason =
  | 'too_large'
  | 'encoding'
  | 'doctype'
  | 'malformed'
  | 'too_deep'
  | 'too_many_elements'
  | 'too_many_attributes'
  | 'text_too_long'
  | 'not_ccda';

/** A document refused as C-CDA; its message is fit to show to the system or person who sent it (a 400). */
export class CcdaError extends AppError {
  override name = 'CcdaError';
  constructor(
    readonly reason: CcdaErrorReason,
    message: string,
  ) {
    super(400, 'invalid_ccda_document', message);
  }
}

export interface XmlText {
  kind: 'text';
  text: string;
}

export interface XmlElement {
  kind: 'element';
  /** Namespace URI ('' for none). */
  ns: string;
  /** Local name, without prefix. */
  name: string;
  /** Attributes without a namespace by local name; namespaced ones as '{uri}local' (xsi:type is '{XSI}type'). */
  attributes: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | XmlText;

export interface ParseLimits {
  maxBytes: number;
  maxDepth: number;
  maxElements: number;
  maxAttributesPerElement: number;
  maxTextLength: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses a C-CDA document (a string, or its bytes as UTF-8) into an element tree rooted at ClinicalDocument.
 * Throws CcdaError for anything refused; never fetches anything.
 */
export function parseCcdaXml(input: string | Uint8Array, limits: ParseLimits = CCDA_LIMITS): XmlElement {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
  if (bytes > limits.maxBytes) {
    throw new CcdaError('too_large', `The document is larger than ${formatMiB(limits.maxBytes)} MiB.`);
  }
  let xml: string;
  if (typeof input === 'string') {
    xml = input;
  } else {
    try {
      xml = utf8.decode(input);
    } catch {
      throw new CcdaError('encoding', 'The document is not valid UTF-8 text.');
    }
  }
  // A byte order mark is not part of the XML (TextDecoder drops it from bytes; a string may still carry one).
  if (xml.charCodeAt(0) === 0xfeff) xml = xml.slice(1);

  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let elements = 0;
  let pendingText = '';

  const flushText = () => {
    if (!pendingText) return;
    // Text outside the root is only white space (saxes refuses anything else), and is of no use.
    stack.at(-1)?.children.push({ kind: 'text', text: pendingText });
    pendingText = '';
  };
  const addText = (text: string) => {
    if (pendingText.length + text.length > limits.maxTextLength) {
      throw new CcdaError(
        'text_too_long',
        `The document has a text longer than ${limits.maxTextLength.toLocaleString('en-US')} characters.`,
      );
    }
    pendingText += text;
  };

  parser.on('error', (err) => {
    const message = err.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    throw new CcdaError(
      'malformed',
      `The document is not well-formed XML: ${message} (line ${parser.line}, column ${parser.column}).`,
    );
  });
  parser.on('doctype', () => {
    throw new CcdaError('doctype', 'The document declares a DOCTYPE, which is not allowed.');
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('opentagstart', () => {
    if (stack.length + 1 > limits.maxDepth) {
      throw new CcdaError('too_deep', `The document nests elements more than ${limits.maxDepth} deep.`);
    }
    if (++elements > limits.maxElements) {
      throw new CcdaError(
        'too_many_elements',
        `The document has more than ${limits.maxElements.toLocaleString('en-US')} elements.`,
      );
    }
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    flushText();
    const element = toElement(tag, limits);
    if (!root) {
      if (element.ns !== CDA_NAMESPACE || element.name !== 'ClinicalDocument') {
        throw new CcdaError('not_ccda', 'The root element must be ClinicalDocument in the urn:hl7-org:v3 namespace.');
      }
      root = element;
    } else {
      stack.at(-1)?.children.push(element);
    }
    stack.push(element);
  });
  parser.on('closetag', () => {
    flushText();
    stack.pop();
  });
  // Comments, processing instructions (xml-stylesheet) and the XML declaration have no handler: skipped.

  parser.write(xml);
  parser.close();
  if (!root) {
    // saxes reports a document without a root element itself; this is a guard for the type checker.
    throw new CcdaError('malformed', 'The document is not well-formed XML: it has no root element.');
  }
  return root;
}

function toElement(tag: SaxesTagNS, limits: ParseLimits): XmlElement {
  const attributes: Record<string, string> = {};
  let count = 0;
  for (const attribute of Object.values(tag.attributes)) {
    // Namespace declarations are how names resolve, not data of the document.
    if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
    if (++count > limits.maxAttributesPerElement) {
      throw new CcdaError(
        'too_many_attributes',
        `The document has an element with more than ${limits.maxAttributesPerElement} attributes.`,
      );
    }
    if (attribute.value.length > limits.maxTextLength) {
      throw new CcdaError(
        'text_too_long',
        `The document has a text longer than ${limits.maxTextLength.toLocaleString('en-US')} characters.`,
      );
    }
    attributes[attribute.uri ? `{${attribute.uri}}${attribute.local}` : attribute.local] = attribute.value;
  }
  return { kind: 'element', ns: tag.uri, name: tag.local, attributes, children: [] };
}

function formatMiB(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

// Reading the tree. Every C-CDA element the portal reads is in the CDA namespace; these helpers look only there,
// so an element of another namespace (sdtc:, a producer's own) is never mistaken for a CDA one.

/** The CDA-namespace child elements of an element, optionally only those with a local name. */
export function childElements(element: XmlElement | null | undefined, name?: string): XmlElement[] {
  if (!element) return [];
  const found: XmlElement[] = [];
  for (const child of element.children) {
    if (child.kind === 'element' && child.ns === CDA_NAMESPACE && (name === undefined || child.name === name)) {
      found.push(child);
    }
  }
  return found;
}

/** The first element down a path of CDA local names ('componentOf', 'encompassingEncounter'), or null. */
export function firstChild(element: XmlElement | null | undefined, ...path: string[]): XmlElement | null {
  let current: XmlElement | null = element ?? null;
  for (const name of path) {
    if (!current) return null;
    current = childElements(current, name)[0] ?? null;
  }
  return current;
}

/** Every element at the end of a path of CDA local names, in document order. */
export function allChildren(element: XmlElement | null | undefined, ...path: string[]): XmlElement[] {
  let level: XmlElement[] = element ? [element] : [];
  for (const name of path) level = level.flatMap((e) => childElements(e, name));
  return level;
}

/** An attribute's value, or null when absent or empty. */
export function attr(element: XmlElement | null | undefined, name: string): string | null {
  const value = element?.attributes[name];
  return value === undefined || value.trim() === '' ? null : value;
}

/** All the text under an element, as written. */
export function textContent(element: XmlElement | null | undefined): string {
  if (!element) return '';
  let text = '';
  for (const child of element.children) text += child.kind === 'text' ? child.text : textContent(child);
  return text;
}

/** The text under an element with runs of white space made one space and trimmed; null when empty. */
export function cleanText(element: XmlElement | null | undefined): string | null {
  const text = textContent(element).replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}
