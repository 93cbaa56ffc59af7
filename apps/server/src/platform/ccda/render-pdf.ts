import { createPdf, type PdfBuilder, type PdfSpan, type PdfTable } from '../pdf/document';
import { attachedPdf, type CcdaDocument } from './document';
import { footnoteNumbers, type FootnoteNumbers } from './footnotes';
import { isBlock, type CcdaSection, type NarrativeCell, type NarrativeNode, type NarrativeRow } from './narrative';
import type { CcdaLabels } from './labels';
import {
  attachmentNote,
  ccdaSummaryRows,
  documentTitle,
  noNarrativeNote,
  sectionTitle,
  shownDocumentType,
} from './summary';

export { ccdaSummaryRows } from './summary';

// The human-readable PDF of a C-CDA document, the download the certification criterion asks for beside the XML.
// It walks the same model as the HTML view (render-html.ts) and shows the same content: the header summary, then
// every section's title and narrative in document order, footnotes after their section. Bold runs and captions
// stay bold (the other styles become plain text), line breaks stay line breaks, a nested list is indented under
// its item and a table becomes a table whose header row repeats on every page, its columns sized so that no word
// is cut. The PDF is tagged (headings, paragraphs, lists, tables with their header cells) and embeds its fonts,
// as PDF/UA asks, so that a screen reader reads it as the view is read. Nothing of the narrative's text is left
// out.

export interface CcdaPdfOptions {
  labels: CcdaLabels;
  /** BCP 47 tag: the PDF's language and the locale dates are written in ('en-US', 'zh-CN'...). */
  language: string;
  /** The creation date in the PDF's metadata (default: now). */
  createdAt?: Date;
}

/** The document as a PDF: its title, the header summary, then every section with its narrative. */
export function renderCcdaPdf(document: CcdaDocument, options: CcdaPdfOptions): Promise<Uint8Array> {
  const { labels, language } = options;
  const title = documentTitle(document, labels);
  const pdf = createPdf({ title, language, createdAt: options.createdAt, embedFonts: true });
  pdf.heading(title, 1);
  const type = shownDocumentType(document, labels);
  if (type) pdf.paragraph(type, { muted: true });
  const summary = ccdaSummaryRows(document, options);
  if (summary.length) {
    pdf.paragraph(labels.summary, { bold: true, muted: true });
    pdf.keyValues(summary);
  }
  pdf.rule();
  const attachment = attachmentNote(document, labels, attachedPdf(document) !== null);
  if (attachment) pdf.paragraph(attachment, { muted: true });
  else if (document.sections.length === 0) pdf.paragraph(labels.noSections, { muted: true });
  const writer = new NarrativeWriter(pdf, labels, footnoteNumbers(document.sections));
  for (const section of document.sections) writer.section(section, 2);
  return pdf.save();
}

type TableNode = Extract<NarrativeNode, { kind: 'table' }>;
type ListNode = Extract<NarrativeNode, { kind: 'list' }>;

function tableRows(table: TableNode): NarrativeRow[] {
  return [...table.head, ...table.bodies.flat(), ...table.foot];
}

/** How far each level of a nested list moves right, in points. */
const LIST_INDENT = 18;
/** Where an item's text starts relative to its list (the builder's marker column). */
const ITEM_TEXT_INDENT = 16;
const FOOTNOTE_SIZE = 9;

/** Writes sections and their narrative into the builder; keeps the footnotes of the section being written. */
class NarrativeWriter {
  private pendingFootnotes: { number: number; children: NarrativeNode[] }[] = [];

  constructor(
    private readonly pdf: PdfBuilder,
    private readonly labels: CcdaLabels,
    private readonly footnotes: FootnoteNumbers,
  ) {}

  section(section: CcdaSection, level: number): void {
    this.pdf.heading(sectionTitle(section, this.labels), Math.min(level, 3) as 2 | 3);
    if (section.blocks.length) {
      this.flow(section.blocks, 0);
      this.writeFootnotes();
    } else if (section.sections.length === 0) {
      this.pdf.paragraph(noNarrativeNote(section, this.labels), { muted: true });
    }
    for (const nested of section.sections) this.section(nested, level + 1);
  }

  private writeFootnotes(): void {
    // A footnote's own text may hold another footnote: written after this one, in the same list.
    while (this.pendingFootnotes.length) {
      const footnote = this.pendingFootnotes.shift()!;
      const text = this.inlineText(footnote.children);
      this.pdf.paragraph(`[${footnote.number}] ${text}`, { muted: true, size: FOOTNOTE_SIZE });
    }
  }

  /**
   * Flow content as blocks: runs of text and inline markup become paragraphs, blocks stay blocks. `prefix`
   * opens the first paragraph (a paragraph's caption, bold).
   */
  private flow(nodes: NarrativeNode[], indent: number, prefix: PdfSpan[] = []): void {
    let run: NarrativeNode[] = [];
    let first = true;
    const flush = () => {
      const lead = first ? prefix : [];
      const text = this.inlineSpans(run);
      // A run of only line breaks between two blocks is spacing the layout already gives.
      if (plainText(text).trim() !== '' || lead.length) {
        this.pdf.paragraph([...lead, ...trimSpans(text)], { indent });
        first = false;
      }
      run = [];
    };
    for (const node of nodes) {
      if (isBlock(node)) {
        flush();
        this.block(node, indent);
      } else {
        run.push(node);
      }
    }
    flush();
  }

  private block(node: NarrativeNode, indent: number): void {
    switch (node.kind) {
      case 'paragraph':
        return this.flow(node.children, indent, this.captionPrefix(node.caption));
      case 'caption':
        this.pdf.paragraph(this.inlineSpans(node.children), { bold: true, indent });
        return;
      case 'list':
        return this.list(node, indent);
      case 'table':
        return this.table(node);
      default:
        this.flow([node], indent);
    }
  }

  /** A caption as plain text, where only text can be (a block in a table cell). */
  private captionText(caption: NarrativeNode[] | null): string {
    return caption ? `${this.inlineText(caption)} ` : '';
  }

  /** A caption that opens a paragraph or an item: bold, as the view shows it. */
  private captionPrefix(caption: NarrativeNode[] | null): PdfSpan[] {
    return caption ? [...this.inlineSpans(caption, true), { text: ' ', bold: true }] : [];
  }

  /**
   * A list: its items' text (paragraphs in an item are lines of it); a list nested in an item is written under
   * it, one step to the right, and the outer list goes on numbering after it; a table in an item stands between
   * the items.
   */
  private list(list: ListNode, indent: number): void {
    if (list.caption) this.pdf.paragraph(this.inlineSpans(list.caption), { bold: true, indent });
    let batch: PdfSpan[][] = [];
    let batchStart = 1;
    const flushBatch = (nextStart: number) => {
      if (batch.length) this.pdf.list(batch, { ordered: list.ordered, indent, start: batchStart });
      batch = [];
      batchStart = nextStart;
    };
    list.items.forEach((item, index) => {
      const parts = splitItem(item.children);
      const [head, ...rest] = parts;
      const headText = head?.kind === 'text' ? this.inlineSpans(head.nodes) : [];
      batch.push([...this.captionPrefix(item.caption), ...trimSpans(headText)]);
      const after = head?.kind === 'text' ? rest : parts;
      if (after.length === 0) return;
      flushBatch(index + 2);
      for (const part of after) {
        if (part.kind === 'text') {
          const text = trimSpans(this.inlineSpans(part.nodes));
          if (plainText(text).trim()) this.pdf.paragraph(text, { indent: indent + ITEM_TEXT_INDENT });
        } else if (part.node.kind === 'list') {
          this.list(part.node, indent + LIST_INDENT);
        } else {
          this.block(part.node, indent + ITEM_TEXT_INDENT);
        }
      }
    });
    flushBatch(1);
  }

  private table(table: TableNode): void {
    const grid = tableGrid(table, (cell) => trimSpans(this.inlineSpans(cell.children)));
    const width = Math.max(1, ...grid.map((row) => row.length));
    const empty: GridCell = { spans: [], header: false };
    const pad = (row: GridCell[]) => Array.from({ length: width }, (_, i) => row[i] ?? empty);
    let headRows = grid.slice(0, table.head.length).map(pad);
    let bodyRows = grid.slice(table.head.length).map(pad);
    // No thead, but a first row of header cells only: it heads the columns (and repeats on every page).
    const firstRow = table.bodies[0]?.[0];
    if (headRows.length === 0 && bodyRows.length > 1 && firstRow?.cells.every((cell) => cell.header)) {
      headRows = bodyRows.slice(0, 1);
      bodyRows = bodyRows.slice(1);
    }
    const headers = Array.from({ length: width }, (_, column) =>
      headRows
        .map((row) => plainText(row[column]!.spans))
        .filter((text) => text !== '')
        .join('\n'),
    );
    const pdfTable: PdfTable = {
      caption: table.caption ? this.inlineText(table.caption) : undefined,
      headerless: headRows.length === 0,
      columns: headers.map((header, column) => ({
        header,
        width: columnWeight([header, ...bodyRows.map((row) => plainText(row[column]!.spans))]),
      })),
      // A th in a body row heads its row: bold, and a row header for a screen reader.
      rows: bodyRows.map((cells) => ({ cells: cells.map((cell) => cell.spans), headers: cells.map((c) => c.header) })),
    };
    this.pdf.table(pdfTable);
  }

  /** Inline content as runs: bold where the document says Bold (or `bold`), the other styles plain. */
  private inlineSpans(nodes: NarrativeNode[], bold = false): PdfSpan[] {
    const spans: PdfSpan[] = [];
    const walk = (list: NarrativeNode[], strong: boolean) => {
      for (const node of list) {
        if (node.kind === 'content') walk(node.children, strong || node.styles.includes('bold'));
        else if (node.kind === 'text') spans.push({ text: node.text, bold: strong });
        else {
          const text = this.inline(node);
          if (text) spans.push({ text, bold: strong });
        }
      }
    };
    walk(nodes, bold);
    return spans;
  }

  /** Inline content as plain text: styles dropped, line breaks kept, footnotes as [n]. */
  private inlineText(nodes: NarrativeNode[]): string {
    return nodes.map((node) => this.inline(node)).join('');
  }

  private inline(node: NarrativeNode): string {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'br':
        return '\n';
      case 'content':
      case 'sub':
        return this.inlineText(node.children);
      case 'sup':
        // 'm^2', '10^9/L': a superscript written on the line would read as another number.
        return `^${this.inlineText(node.children)}`;
      case 'link': {
        const text = this.inlineText(node.children);
        return text.trim() ? text : (node.href ?? '');
      }
      case 'footnote': {
        const number = this.footnotes.byNode.get(node) ?? 0;
        this.pendingFootnotes.push({ number, children: node.children });
        return `[${number}]`;
      }
      case 'footnoteRef': {
        const number = node.idref ? this.footnotes.byId.get(node.idref) : undefined;
        return number ? `[${number}]` : '';
      }
      case 'multimedia': {
        const caption = node.caption ? ` ${this.inlineText(node.caption)}` : '';
        return `${this.labels.multimedia}${caption}`;
      }
      default:
        return this.blockText(node);
    }
  }

  /** A block met where only text can be (in a table cell, a caption): its text, line by line. */
  private blockText(node: NarrativeNode): string {
    const lines: string[] = [];
    switch (node.kind) {
      case 'paragraph':
        lines.push(this.captionText(node.caption) + this.inlineText(node.children));
        break;
      case 'caption':
        lines.push(this.inlineText(node.children));
        break;
      case 'list':
        if (node.caption) lines.push(this.inlineText(node.caption));
        node.items.forEach((item, index) =>
          lines.push(
            `${node.ordered ? `${index + 1}.` : '•'} ${this.captionText(item.caption)}${this.inlineText(item.children)}`,
          ),
        );
        break;
      case 'table':
        if (node.caption) lines.push(this.inlineText(node.caption));
        for (const row of tableRows(node)) {
          lines.push(row.cells.map((cell) => this.inlineText(cell.children)).join(' | '));
        }
        break;
      default:
        break;
    }
    return `\n${lines.join('\n')}\n`;
  }
}

type ItemPart = { kind: 'text'; nodes: NarrativeNode[] } | { kind: 'block'; node: NarrativeNode };

/**
 * An item's content in parts: the text before a nested list or table, the list or table, the text after.
 * Paragraphs and captions in an item are lines of its text rather than blocks of their own.
 */
function splitItem(children: NarrativeNode[]): ItemPart[] {
  const parts: ItemPart[] = [];
  let text: NarrativeNode[] = [];
  for (const node of children) {
    if (node.kind === 'list' || node.kind === 'table') {
      if (text.length) parts.push({ kind: 'text', nodes: text });
      text = [];
      parts.push({ kind: 'block', node });
    } else if (node.kind === 'paragraph' || node.kind === 'caption') {
      // Its own line: a break before it unless it opens the item, and one after it.
      if (text.length) text.push({ kind: 'br' });
      if (node.kind === 'paragraph' && node.caption) text.push(...node.caption, { kind: 'text', text: ' ' });
      text.push(...node.children, { kind: 'br' });
    } else {
      text.push(node);
    }
  }
  if (text.length) parts.push({ kind: 'text', nodes: trimBreaks(text) });
  return parts;
}

function trimBreaks(nodes: NarrativeNode[]): NarrativeNode[] {
  let end = nodes.length;
  while (end > 0 && nodes[end - 1]!.kind === 'br') end--;
  return nodes.slice(0, end);
}

/**
 * A table's rows as a grid of texts, spans resolved as a browser places them: a cell spanning columns or rows
 * has its text in its first position and leaves the others empty, so every cell stays in its column.
 */
interface GridCell {
  spans: PdfSpan[];
  header: boolean;
}

function tableGrid(table: TableNode, textOf: (cell: NarrativeCell) => PdfSpan[]): GridCell[][] {
  const rows = tableRows(table);
  const grid: GridCell[][] = rows.map(() => []);
  const taken: boolean[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let column = 0;
    for (const cell of row.cells) {
      while (taken[r]![column]) column++;
      const colspan = cell.colspan ?? 1;
      // A rowspan reaches no further than the table's last row (HTML: nor past its row group; close enough).
      const rowspan = Math.min(cell.rowspan ?? 1, rows.length - r);
      grid[r]![column] = { spans: textOf(cell), header: cell.header };
      for (let dr = 0; dr < rowspan; dr++) {
        for (let dc = 0; dc < colspan; dc++) {
          taken[r + dr]![column + dc] = true;
          if (dr > 0 || dc > 0) grid[r + dr]![column + dc] = { spans: [], header: false };
        }
      }
      column += colspan;
    }
  });
  // Holes a span left in a row's cells are empty cells.
  return grid.map((row) => Array.from(row, (cell) => cell ?? { spans: [], header: false }));
}

/** A column's share of the width, from its texts: wide enough for its typical text and its longest word. */
function columnWeight(texts: string[]): number {
  const filled = texts.filter((text) => text !== '');
  if (filled.length === 0) return 2;
  const mean = filled.reduce((sum, text) => sum + text.length, 0) / filled.length;
  const longestWord = Math.max(...filled.flatMap((text) => text.split(/\s+/).map((word) => word.length)));
  return Math.max(4, Math.min(40, mean), Math.min(14, longestWord));
}

const plainText = (spans: readonly PdfSpan[]) => spans.map((span) => span.text).join('');

/** Runs without the line breaks at their edges (a block's own, or a br that ends a run). */
function trimSpans(spans: readonly PdfSpan[]): PdfSpan[] {
  const text = plainText(spans);
  const start = /^[\s\n]*\n/.exec(text)?.[0].length ?? 0;
  const end = text.length - (/\n[\s\n]*$/.exec(text.slice(start))?.[0].length ?? 0);
  const out: PdfSpan[] = [];
  let at = 0;
  for (const span of spans) {
    const from = Math.max(start, at);
    const to = Math.min(end, at + span.text.length);
    if (to > from) out.push({ text: span.text.slice(from - at, to - at), bold: span.bold });
    at += span.text.length;
  }
  return out;
}
