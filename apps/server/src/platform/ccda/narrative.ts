import { readCode, type CcdaCode } from './header';
import { attr, childElements, cleanText, firstChild, type XmlElement, type XmlNode } from './parse';

// The sections of a C-CDA body and their narrative block (section/text), the part of the document meant for
// people. The narrative is CDA's own small markup (StrucDoc.Text: paragraph, list, table, content...), read here
// into a tree of its own so that the HTML and PDF renderers never see the XML. Anything the tree does not know
// keeps its text (a producer's own element), except markup that would only ever be code.

export type NarrativeStyle = 'bold' | 'italic' | 'underline' | 'emphasis';

export interface NarrativeListItem {
  caption: NarrativeNode[] | null;
  children: NarrativeNode[];
}

export interface NarrativeCell {
  header: boolean;
  scope: 'row' | 'col' | 'rowgroup' | 'colgroup' | null;
  colspan: number | null;
  rowspan: number | null;
  children: NarrativeNode[];
}

export interface NarrativeRow {
  cells: NarrativeCell[];
}

export type NarrativeNode =
  | { kind: 'text'; text: string }
  | { kind: 'br' }
  /** A run with styleCode (Bold, Italics, Underline, Emphasis); revised content is marked, not hidden. */
  | { kind: 'content'; styles: NarrativeStyle[]; revised: 'insert' | 'delete' | null; children: NarrativeNode[] }
  | { kind: 'sub'; children: NarrativeNode[] }
  | { kind: 'sup'; children: NarrativeNode[] }
  /** linkHtml: href only when it is an http(s) URL; otherwise the text alone. */
  | { kind: 'link'; href: string | null; children: NarrativeNode[] }
  | { kind: 'footnote'; id: string | null; children: NarrativeNode[] }
  | { kind: 'footnoteRef'; idref: string | null }
  /** renderMultiMedia: never shown, only said to be there (with its caption when it has one). */
  | { kind: 'multimedia'; caption: NarrativeNode[] | null }
  | { kind: 'paragraph'; caption: NarrativeNode[] | null; children: NarrativeNode[] }
  /** A caption outside a paragraph, list or table. */
  | { kind: 'caption'; children: NarrativeNode[] }
  | { kind: 'list'; ordered: boolean; caption: NarrativeNode[] | null; items: NarrativeListItem[] }
  | {
      kind: 'table';
      caption: NarrativeNode[] | null;
      head: NarrativeRow[];
      /** Each tbody's rows (rows written directly in the table are one body). */
      bodies: NarrativeRow[][];
      foot: NarrativeRow[];
    };

export interface CcdaSection {
  title: string | null;
  code: CcdaCode | null;
  /** The narrative; empty when the section has no text element (entries alone) or an empty one. */
  blocks: NarrativeNode[];
  hasText: boolean;
  hasEntries: boolean;
  /** Sections nested in this one (section/component/section), in document order. */
  sections: CcdaSection[];
}

export type CcdaBodyKind = 'structured' | 'nonXml' | 'none';

/** The body's sections in document order (nested ones under their parent). */
export function readCcdaSections(document: XmlElement): { bodyKind: CcdaBodyKind; sections: CcdaSection[] } {
  const body = firstChild(document, 'component');
  const structured = firstChild(body, 'structuredBody');
  if (structured) {
    return { bodyKind: 'structured', sections: readComponentSections(structured) };
  }
  return { bodyKind: firstChild(body, 'nonXMLBody') ? 'nonXml' : 'none', sections: [] };
}

function readComponentSections(parent: XmlElement): CcdaSection[] {
  return childElements(parent, 'component')
    .flatMap((component) => childElements(component, 'section'))
    .map(readSection);
}

function readSection(section: XmlElement): CcdaSection {
  const text = firstChild(section, 'text');
  return {
    title: cleanText(firstChild(section, 'title')),
    code: readCode(firstChild(section, 'code')),
    blocks: text ? readNarrative(text) : [],
    hasText: text !== null,
    hasEntries: childElements(section, 'entry').length > 0,
    sections: readComponentSections(section),
  };
}

/** The narrative tree of a section's text element (or of any element of StrucDoc.Text markup). */
export function readNarrative(text: XmlElement): NarrativeNode[] {
  return readFlow(text.children);
}

// HTML and SVG elements whose content is code or styling, not text: dropped with what they hold if a producer
// (or an attacker) writes them into a narrative. Every other unknown element keeps its text.
const DROPPED_ELEMENTS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'noscript',
  'head',
  'title',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'img',
  'video',
  'audio',
  'canvas',
]);

const STYLE_CODES: Record<string, NarrativeStyle> = {
  bold: 'bold',
  italics: 'italic',
  underline: 'underline',
  emphasis: 'emphasis',
};

/**
 * Flow content: text, inline runs and blocks mixed, as a text element, a paragraph, an item or a cell holds.
 * An inline run's own flow keeps the white space at its edges ('<content>Bold </content>text').
 */
function readFlow(nodes: XmlNode[], inline = false): NarrativeNode[] {
  const flow: NarrativeNode[] = [];
  const text = new TextRun();
  for (const node of nodes) {
    if (node.kind === 'text') {
      text.add(node.text);
      continue;
    }
    for (const read of readElement(node)) {
      if (read.kind === 'text') {
        text.add(read.text);
      } else if (!isEmptyRun(read)) {
        // An empty run is an anchor for an entry's reference (<content ID="med1"/>): nothing to show.
        text.flushInto(flow);
        flow.push(read);
      }
    }
  }
  text.flushInto(flow);
  return inline ? flow : trimFlow(flow);
}

function readElement(element: XmlElement): NarrativeNode[] {
  if (DROPPED_ELEMENTS.has(element.name.toLowerCase())) return [];
  const node = element.ns === 'urn:hl7-org:v3' ? readKnown(element) : undefined;
  // Unknown: its content, as if the element were not there.
  const nodes = node === undefined ? readFlow(element.children, true) : node ? [node] : [];
  const styles = readStyles(element);
  // styleCode on a paragraph, item or cell styles its content; on content it is the run's own.
  if (styles.length === 0 || element.name === 'content' || node === undefined) return nodes;
  return nodes.map((n) => withStyles(n, styles));
}

/** A CDA narrative element read, null for one that shows nothing, undefined for one this reader does not know. */
function readKnown(element: XmlElement): NarrativeNode | null | undefined {
  switch (element.name) {
    case 'br':
      return { kind: 'br' };
    case 'content': {
      const revised = attr(element, 'revised');
      return {
        kind: 'content',
        styles: readStyles(element),
        revised: revised === 'insert' || revised === 'delete' ? revised : null,
        children: readFlow(element.children, true),
      };
    }
    case 'sub':
    case 'sup':
      return { kind: element.name, children: readFlow(element.children, true) };
    case 'linkHtml':
      return { kind: 'link', href: webUrl(attr(element, 'href')), children: readFlow(element.children, true) };
    case 'footnote':
      return { kind: 'footnote', id: attr(element, 'ID'), children: readFlow(element.children, true) };
    case 'footnoteRef':
      return { kind: 'footnoteRef', idref: attr(element, 'IDREF') };
    case 'renderMultiMedia':
      return { kind: 'multimedia', caption: readCaption(element) };
    case 'paragraph':
      return { kind: 'paragraph', caption: readCaption(element), children: readFlow(withoutCaption(element)) };
    case 'caption':
      return { kind: 'caption', children: readFlow(element.children) };
    case 'list':
      return readList(element);
    case 'table':
      return readTable(element);
    // Column widths and groups are presentation the renderers decide for themselves.
    case 'col':
    case 'colgroup':
      return null;
    default:
      return undefined;
  }
}

function readList(list: XmlElement): NarrativeNode {
  const items: NarrativeListItem[] = [];
  for (const child of list.children) {
    if (child.kind !== 'element' || (child.ns === 'urn:hl7-org:v3' && child.name === 'caption')) continue;
    if (child.ns === 'urn:hl7-org:v3' && child.name === 'item') {
      const styles = readStyles(child);
      const children = readFlow(withoutCaption(child));
      items.push({ caption: readCaption(child), children: styles.length ? wrapStyles(children, styles) : children });
    } else {
      // Anything else written in a list is shown as an item of its own rather than lost.
      const children = readElement(child);
      if (children.length) items.push({ caption: null, children });
    }
  }
  return { kind: 'list', ordered: attr(list, 'listType') === 'ordered', caption: readCaption(list), items };
}

function readTable(table: XmlElement): NarrativeNode {
  const head: NarrativeRow[] = [];
  const bodies: NarrativeRow[][] = [];
  const foot: NarrativeRow[] = [];
  let looseRows: NarrativeRow[] | null = null;
  for (const child of childElements(table)) {
    switch (child.name) {
      case 'thead':
        head.push(...readRows(child));
        break;
      case 'tfoot':
        foot.push(...readRows(child));
        break;
      case 'tbody':
        bodies.push(readRows(child));
        looseRows = null;
        break;
      case 'tr':
        if (!looseRows) {
          looseRows = [];
          bodies.push(looseRows);
        }
        looseRows.push(readRow(child));
        break;
      default:
        break;
    }
  }
  return { kind: 'table', caption: readCaption(table), head, bodies, foot };
}

function readRows(group: XmlElement): NarrativeRow[] {
  return childElements(group, 'tr').map(readRow);
}

function readRow(row: XmlElement): NarrativeRow {
  const cells: NarrativeCell[] = [];
  for (const cell of childElements(row)) {
    if (cell.name !== 'th' && cell.name !== 'td') continue;
    const styles = readStyles(cell);
    const children = readFlow(cell.children);
    const scope = attr(cell, 'scope');
    cells.push({
      header: cell.name === 'th',
      scope: scope === 'row' || scope === 'col' || scope === 'rowgroup' || scope === 'colgroup' ? scope : null,
      colspan: readSpan(attr(cell, 'colspan')),
      rowspan: readSpan(attr(cell, 'rowspan')),
      children: styles.length ? wrapStyles(children, styles) : children,
    });
  }
  return { cells };
}

function readSpan(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,4}\s*$/.test(value)) return null;
  const span = Number(value);
  // HTML caps colspan at 1000 and rowspan at 65534; a span of 1 is no span.
  return span > 1 ? Math.min(span, 1000) : null;
}

function readCaption(element: XmlElement): NarrativeNode[] | null {
  const caption = firstChild(element, 'caption');
  if (!caption) return null;
  const children = readFlow(caption.children);
  return children.length ? children : null;
}

function withoutCaption(element: XmlElement): XmlNode[] {
  return element.children.filter(
    (child) => !(child.kind === 'element' && child.ns === 'urn:hl7-org:v3' && child.name === 'caption'),
  );
}

function readStyles(element: XmlElement): NarrativeStyle[] {
  const codes = attr(element, 'styleCode')?.split(/\s+/) ?? [];
  const styles: NarrativeStyle[] = [];
  for (const code of codes) {
    const style = STYLE_CODES[code.toLowerCase()];
    if (style && !styles.includes(style)) styles.push(style);
  }
  return styles;
}

function wrapStyles(children: NarrativeNode[], styles: NarrativeStyle[]): NarrativeNode[] {
  return children.length ? [{ kind: 'content', styles, revised: null, children }] : children;
}

/** A block styled as a whole keeps its shape with its content styled inside; an inline node is wrapped. */
function withStyles(node: NarrativeNode, styles: NarrativeStyle[]): NarrativeNode {
  switch (node.kind) {
    case 'paragraph':
    case 'caption':
      return { ...node, children: wrapStyles(node.children, styles) };
    case 'list':
    case 'table':
      return node;
    default:
      return { kind: 'content', styles, revised: null, children: [node] };
  }
}

/** A URL a reader may follow: http or https, absolute. */
function webUrl(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function isEmptyRun(node: NarrativeNode): boolean {
  return (node.kind === 'content' || node.kind === 'sub' || node.kind === 'sup') && node.children.length === 0;
}

const BLOCK_KINDS = new Set<NarrativeNode['kind']>(['paragraph', 'caption', 'list', 'table']);

export function isBlock(node: NarrativeNode): boolean {
  return BLOCK_KINDS.has(node.kind);
}

/**
 * Adjacent text, with white space collapsed (the narrative's line breaks are br, not the XML's). Pieces are
 * kept apart until the run ends, so a run of many small unknown elements is read in linear time.
 */
class TextRun {
  private pieces: string[] = [];
  private endsWithSpace = false;

  add(raw: string): void {
    let text = raw.replace(/\s+/g, ' ');
    if (this.endsWithSpace && text.startsWith(' ')) text = text.slice(1);
    if (text === '') return;
    this.pieces.push(text);
    this.endsWithSpace = text.endsWith(' ');
  }

  flushInto(flow: NarrativeNode[]): void {
    if (this.pieces.length) flow.push({ kind: 'text', text: this.pieces.join('') });
    this.pieces = [];
    this.endsWithSpace = false;
  }
}

/** Drops the white space the XML's indentation leaves at the edges of a flow and around its blocks. */
function trimFlow(flow: NarrativeNode[]): NarrativeNode[] {
  const trimmed: NarrativeNode[] = [];
  flow.forEach((node, i) => {
    if (node.kind !== 'text') {
      trimmed.push(node);
      return;
    }
    const previous = flow[i - 1];
    const next = flow[i + 1];
    let text = node.text;
    if (!previous || isBlock(previous) || previous.kind === 'br') text = text.trimStart();
    if (!next || isBlock(next) || next.kind === 'br') text = text.trimEnd();
    if (text !== '') trimmed.push({ kind: 'text', text });
  });
  return trimmed;
}
