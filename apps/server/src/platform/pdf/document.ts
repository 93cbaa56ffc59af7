import { BODY_SIZE, type Block, type PdfTable, type PdfText, type Span } from './blocks';
import { isWinAnsi } from './win-ansi';

export type { PdfSpan, PdfTable, PdfText } from './blocks';

/**
 * The portal's PDF documents (docs/adr/0005): a builder collects headings, paragraphs, label/value
 * lists and tables, and lays them out on US Letter pages at save(): word wrap (CJK text breaks between
 * any two characters), automatic page breaks, table headers repeated on every page, 'n / N' page
 * numbers, title and language in the metadata, nothing loaded from elsewhere. When every string is
 * WinAnsi the standard Helvetica fonts are used (small and fast); otherwise an embedded Unicode font
 * (Noto Sans SC, subset) prints Chinese and everything else alike. Every document is tagged (its headings,
 * paragraphs, lists and tables in a structure tree a screen reader reads; tags.ts).
 */

export interface PdfOptions {
  title: string;
  /** A BCP 47 tag ('en-US', 'zh-CN', 'zh', ...), written as the document's language. */
  language: string;
  author?: string;
  /** The creation date in the metadata (default: now). */
  createdAt?: Date;
  /**
   * Embed the fonts even when the standard ones could print every string (PDF/UA asks that every font be
   * embedded): the Unicode font, subset, for a document meant to pass an accessibility check.
   */
  embedFonts?: boolean;
}

export interface PdfBuilder {
  heading(text: string, level?: 1 | 2 | 3): PdfBuilder;
  /**
   * `indent`: points from the left margin (text under a list item, say). `text` may be runs of which some are
   * bold; `bold` makes all of it bold.
   */
  paragraph(text: PdfText, options?: { muted?: boolean; size?: number; bold?: boolean; indent?: number }): PdfBuilder;
  /** A label column and a wrapped value beside each label. */
  keyValues(rows: [label: string, value: string][]): PdfBuilder;
  /**
   * A table whose cells wrap between words: its columns are sized so that no word is cut (narrower text, or a
   * landscape page, before that); its header row is repeated on every page it spans.
   */
  table(table: PdfTable): PdfBuilder;
  /** Vertical space (default 12 points). */
  space(points?: number): PdfBuilder;
  /** Starts a new page (unless the current one is still empty). */
  pageBreak(): PdfBuilder;
  /** A thin horizontal line across the page. */
  rule(): PdfBuilder;
  /**
   * A bulleted or numbered list of wrapped items. `indent` (points) moves it right, for a list within a list;
   * `start` is the first number of an ordered list (a list continued after something nested in it).
   */
  list(items: PdfText[], options?: { ordered?: boolean; indent?: number; start?: number }): PdfBuilder;
  /** A shaded box with a small label over a large value, e.g. a PIN (`letterSpacing` in points). */
  callout(label: string, value: string, options?: { size?: number; letterSpacing?: number }): PdfBuilder;
  save(): Promise<Uint8Array>;
}

/** Text as it is drawn: composed, one kind of line break, no tabs or invisible control characters. */
function clean(text: string): string {
  return String(text ?? '')
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, ''); // eslint-disable-line no-control-regex
}

/** Text as runs, each cleaned. */
function spans(text: PdfText): Span[] {
  if (typeof text === 'string') return [{ text: clean(text), bold: false }];
  return text.map((span) => ({ text: clean(span.text), bold: span.bold ?? false })).filter((span) => span.text);
}

const plain = (text: Span[]) => text.map((span) => span.text).join('');

function textsOf(block: Block): string[] {
  switch (block.kind) {
    case 'heading':
      return [block.text];
    case 'paragraph':
      return [plain(block.text)];
    case 'keyValues':
      return block.rows.flat();
    case 'table':
      return [
        block.table.caption ?? '',
        ...(block.table.headerless ? [] : block.table.columns.map((c) => c.header)),
        ...block.table.rows.flatMap((r) => r.cells.map(plain)),
      ];
    case 'list':
      return block.items.map(plain);
    case 'callout':
      return [block.label, block.value];
    default:
      return [];
  }
}

export function createPdf(options: PdfOptions): PdfBuilder {
  const blocks: Block[] = [];
  const builder: PdfBuilder = {
    heading(text, level = 1) {
      blocks.push({ kind: 'heading', text: clean(text), level });
      return builder;
    },
    paragraph(text, opts = {}) {
      blocks.push({
        kind: 'paragraph',
        text: spans(text),
        muted: opts.muted ?? false,
        size: opts.size ?? BODY_SIZE,
        bold: opts.bold ?? false,
        indent: Math.max(0, opts.indent ?? 0),
      });
      return builder;
    },
    keyValues(rows) {
      blocks.push({ kind: 'keyValues', rows: rows.map(([label, value]) => [clean(label), clean(value)]) });
      return builder;
    },
    table(table) {
      blocks.push({
        kind: 'table',
        table: {
          caption: table.caption === undefined ? undefined : clean(table.caption),
          headerless: table.headerless ?? false,
          columns: table.columns.map((c) => ({ ...c, header: clean(c.header) })),
          rows: table.rows.map((r) => ({
            emphasis: r.emphasis ?? false,
            cells: r.cells.map(spans),
            headers: r.cells.map((_, i) => r.headers?.[i] ?? false),
          })),
        },
      });
      return builder;
    },
    space(points = 12) {
      blocks.push({ kind: 'space', points });
      return builder;
    },
    pageBreak() {
      blocks.push({ kind: 'pageBreak' });
      return builder;
    },
    rule() {
      blocks.push({ kind: 'rule' });
      return builder;
    },
    list(items, opts = {}) {
      blocks.push({
        kind: 'list',
        items: items.map(spans),
        ordered: opts.ordered ?? false,
        indent: Math.max(0, opts.indent ?? 0),
        start: opts.start ?? 1,
      });
      return builder;
    },
    callout(label, value, opts = {}) {
      blocks.push({
        kind: 'callout',
        label: clean(label),
        value: clean(value),
        size: opts.size ?? 34,
        letterSpacing: opts.letterSpacing ?? 0,
      });
      return builder;
    },
    save: () => render(options, blocks),
  };
  return builder;
}

/**
 * A plain document: the title as its heading, then one paragraph per line ('' for a blank line,
 * '\f' for a page break).
 */
export function createTextPdf(options: PdfOptions, lines: readonly string[]): Promise<Uint8Array> {
  const pdf = createPdf(options).heading(options.title);
  for (const line of lines) {
    if (line === '\f') pdf.pageBreak();
    else if (line.trim() === '') pdf.space(BODY_SIZE);
    else pdf.paragraph(line);
  }
  return pdf.save();
}

async function render(options: PdfOptions, blocks: Block[]): Promise<Uint8Array> {
  const texts = blocks.flatMap(textsOf);
  const unicode = options.embedFonts === true || !texts.every(isWinAnsi);
  // Headings, labels, table headers, list markers and callouts are bold, and so are bold runs.
  const needsBold = blocks.some((b) =>
    b.kind === 'paragraph' ? b.bold || b.text.some((span) => span.bold) : textsOf(b).length > 0,
  );
  // pdf-lib and fontkit load with the first document, not at start: most processes print nothing for a while.
  const [{ PDFDocument }, { embedFonts }, { Layout }] = await Promise.all([
    import('pdf-lib'),
    import('./fonts'),
    import('./layout'),
  ]);
  const doc = await PDFDocument.create();
  const createdAt = options.createdAt ?? new Date();
  doc.setTitle(clean(options.title), { showInWindowTitleBar: true });
  doc.setLanguage(options.language);
  if (options.author) doc.setAuthor(clean(options.author));
  doc.setCreator('Patient portal');
  doc.setProducer('Patient portal (pdf-lib)');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);

  const layout = new Layout(doc, await embedFonts(doc, unicode, needsBold));
  blocks.forEach((block, index) => layout.block(block, blocks[index + 1]));
  layout.finish({ title: clean(options.title), language: options.language, createdAt });
  return doc.save();
}
