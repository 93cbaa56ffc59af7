import { rgb, setCharacterSpacing, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { BODY_SIZE, type Block, type Span, type TableBlock } from './blocks';
import type { FontPair } from './fonts';
import { Tagger, type StructElement, type StructType } from './tags';
import { naturalWidth, widestToken, wrapSpans } from './wrap';

// Lays the blocks out on US Letter pages: word wrap, page breaks, repeated table headers, page numbers, and the
// structure tree (tags.ts) of what it draws.

export const PAGE_SIZE: [width: number, height: number] = [612, 792];
/** A page turned for a table too wide to stand upright. */
const LANDSCAPE_SIZE: [width: number, height: number] = [792, 612];
const MARGIN = { left: 54, right: 54, top: 54, bottom: 60 };
/**
 * The sizes a table's text may take, largest first: a table whose words do not fit its page at one size tries
 * the next, then a landscape page, before a word is ever cut.
 */
const TABLE_SIZES = [9.5, 8.5, 7.5] as const;
const LANDSCAPE_TABLE_SIZES = [9.5, 8.5, 7.5, 7] as const;
const CELL_PADDING = 5;
const HEADING_SIZES = { 1: 18, 2: 14, 3: 12 } as const;
const HEADING_TAGS: Record<1 | 2 | 3, StructType> = { 1: 'H1', 2: 'H2', 3: 'H3' };
const CAPTION_SIZE = 11;

const INK = rgb(0.11, 0.15, 0.19);
const MUTED = rgb(0.34, 0.39, 0.44);
const RULE = rgb(0.75, 0.78, 0.8);
const HEADER_FILL = rgb(0.92, 0.94, 0.95);
const EMPHASIS_FILL = rgb(0.99, 0.93, 0.92);
const EMPHASIS_MARK = rgb(0.69, 0.11, 0.11);
const CALLOUT_FILL = rgb(0.94, 0.96, 0.97);

interface CellLines {
  lines: Span[][];
  x: number;
  width: number;
  align: 'left' | 'right';
  /** The cell's element in the structure tree. */
  element: StructElement | null;
}

/** How a table is drawn: the size of its text, the orientation of its pages and each column's width. */
interface TablePlan {
  size: number;
  landscape: boolean;
  widths: number[];
}

export class Layout {
  private readonly pages: PDFPage[] = [];
  private page: PDFPage | null = null;
  private landscape = false;
  private y = PAGE_SIZE[1] - MARGIN.top;
  private readonly widths = new Map<PDFFont, Map<string, number>>();
  private readonly plans = new Map<TableBlock, TablePlan>();
  private readonly tags = new Tagger();

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: FontPair,
  ) {}

  /** The width between the margins of the page being filled. */
  private get contentWidth(): number {
    return (this.landscape ? LANDSCAPE_SIZE : PAGE_SIZE)[0] - MARGIN.left - MARGIN.right;
  }

  private get top(): number {
    return (this.landscape ? LANDSCAPE_SIZE : PAGE_SIZE)[1] - MARGIN.top;
  }

  /** Lays out a block; `next` is the one after it, which a heading is kept on the same page with. */
  block(block: Block, next?: Block): void {
    // A table too wide for an upright page goes on landscape pages (its heading with it); what follows it
    // stands upright again, on a page of its own.
    if (block.kind !== 'space' && block.kind !== 'pageBreak') {
      const table =
        block.kind === 'table' ? block.table : block.kind === 'heading' && next?.kind === 'table' ? next.table : null;
      const landscape = table ? this.plan(table).landscape : false;
      if (landscape !== this.landscape) {
        this.landscape = landscape;
        if (this.page) this.newPage();
      }
    }
    switch (block.kind) {
      case 'heading':
        return this.heading(block.text, block.level, next);
      case 'paragraph':
        this.tags.open('P');
        this.paragraph(block.text, {
          bold: block.bold,
          size: block.size,
          color: block.muted ? MUTED : INK,
          indent: block.indent,
        });
        this.tags.close();
        return;
      case 'keyValues':
        return this.keyValues(block.rows);
      case 'table':
        return this.table(block.table);
      case 'space':
        this.y -= block.points;
        return;
      case 'pageBreak':
        if (this.page && !this.atTop()) this.newPage();
        return;
      case 'rule':
        this.ensure(9);
        this.y -= 4;
        this.line(MARGIN.left, MARGIN.left + this.contentWidth, this.y, RULE, 0.75);
        this.y -= 5;
        return;
      case 'list':
        return this.list(block);
      case 'callout':
        return this.callout(block);
    }
  }

  /** Page numbers on every page, once the number of pages is known; then the structure tree. */
  finish(meta: { title: string; language: string; createdAt: Date }): void {
    if (this.pages.length === 0) this.newPage();
    const total = this.pages.length;
    this.pages.forEach((page, index) => {
      const text = `${index + 1} / ${total}`;
      const size = 8.5;
      this.tags.artifact(
        page,
        () =>
          page.drawText(text, {
            x: (page.getWidth() - this.measure(text, this.fonts.regular, size)) / 2,
            y: 30,
            size,
            font: this.fonts.regular,
            color: MUTED,
          }),
        true,
      );
    });
    this.tags.write(this.doc, this.pages, meta);
  }

  /* ---------------------------------------------------------------- blocks */

  private heading(text: string, level: 1 | 2 | 3, next?: Block): void {
    const size = HEADING_SIZES[level];
    const lines = this.wrap([{ text, bold: true }], size, this.contentWidth);
    const lh = this.lineHeight(size);
    if (this.page && !this.atTop()) this.y -= level === 1 ? 12 : 9;
    // Keeps the heading with at least two lines of what follows it: a table's caption, header and first row.
    let keep = 2 * this.lineHeight(BODY_SIZE);
    if (next?.kind === 'table') {
      const tableSize = this.plan(next.table).size;
      const caption = next.table.caption ? this.lineHeight(CAPTION_SIZE) + 7 : 0;
      keep = caption + 2 * this.lineHeight(tableSize) + 4 * CELL_PADDING;
    }
    this.ensure(lines.length * lh + keep);
    this.tags.open(HEADING_TAGS[level]);
    for (const line of lines) {
      this.ensure(lh);
      this.text(line, MARGIN.left, size, INK, lh);
      this.y -= lh;
    }
    this.tags.close();
    this.y -= level === 1 ? 6 : 3;
  }

  private paragraph(text: Span[], style: { bold: boolean; size: number; color: RGB; indent: number }): void {
    const lh = this.lineHeight(style.size);
    const indent = Math.min(style.indent, this.contentWidth / 2);
    const runs = style.bold ? text.map((span) => ({ ...span, bold: true })) : text;
    for (const line of this.wrap(runs, style.size, this.contentWidth - indent)) {
      this.ensure(lh);
      this.text(line, MARGIN.left + indent, style.size, style.color, lh);
      this.y -= lh;
    }
    this.y -= 5;
  }

  /** Labels beside their values: a two-column table whose first cells head their rows. */
  private keyValues(rows: [string, string][]): void {
    const size = BODY_SIZE;
    const gap = 12;
    const contentWidth = this.contentWidth;
    const widest = Math.max(0, ...rows.map(([label]) => this.measure(label, this.fonts.bold, size)));
    const labelWidth = Math.min(Math.max(widest + gap, contentWidth * 0.18), contentWidth * 0.4);
    const table = this.tags.open('Table');
    const body = this.tags.element('TBody', table);
    for (const [label, value] of rows) {
      const row = this.tags.element('TR', body);
      const cells: CellLines[] = [
        {
          lines: this.wrap([{ text: label, bold: true }], size, labelWidth - gap),
          x: MARGIN.left,
          width: labelWidth - gap,
          align: 'left',
          element: this.tags.element('TH', row, 'Row'),
        },
        {
          lines: this.wrap([{ text: value, bold: false }], size, contentWidth - labelWidth),
          x: MARGIN.left + labelWidth,
          width: contentWidth - labelWidth,
          align: 'left',
          element: this.tags.element('TD', row),
        },
      ];
      const lh = this.lineHeight(size);
      const count = Math.max(...cells.map((c) => c.lines.length));
      for (let i = 0; i < count; i++) {
        this.ensure(lh);
        for (const cell of cells) {
          const line = cell.lines[i];
          if (line) this.text(line, cell.x, size, INK, lh, cell.element ?? undefined);
        }
        this.y -= lh;
      }
      this.y -= 3;
    }
    this.tags.close();
    this.y -= 4;
  }

  private list({ items, ordered, indent: offset, start }: Extract<Block, { kind: 'list' }>): void {
    const size = BODY_SIZE;
    const lh = this.lineHeight(size);
    const left = MARGIN.left + Math.min(offset, this.contentWidth / 2);
    const width = this.contentWidth - (left - MARGIN.left);
    const markers = items.map((_, index) => (ordered ? `${start + index}.` : '•'));
    const indent = Math.max(16, ...markers.map((m) => this.measure(m, this.fonts.bold, size) + 8));
    const list = this.tags.open('L');
    items.forEach((item, index) => {
      const entry = this.tags.element('LI', list);
      const label = this.tags.element('Lbl', entry);
      const body = this.tags.element('LBody', entry);
      this.wrap(item, size, width - indent).forEach((line, lineIndex) => {
        this.ensure(lh);
        if (lineIndex === 0) this.text([{ text: markers[index]!, bold: true }], left + 2, size, INK, lh, label);
        this.text(line, left + indent, size, INK, lh, body);
        this.y -= lh;
      });
      this.y -= 3;
    });
    this.tags.close();
    this.y -= 3;
  }

  private callout(block: Extract<Block, { kind: 'callout' }>): void {
    const padding = 14;
    const labelSize = 11;
    const contentWidth = this.contentWidth;
    const labelLines = this.wrap([{ text: block.label, bold: true }], labelSize, contentWidth - 2 * padding);
    const value = this.fonts.printable(block.value);
    const spaced = (text: string) =>
      this.measure(text, this.fonts.bold, block.size) + block.letterSpacing * Math.max(0, [...text].length - 1);
    let letterSpacing = block.letterSpacing;
    let valueLines: Span[][] = [[{ text: value, bold: true }]];
    if (spaced(value) > contentWidth - 2 * padding) {
      letterSpacing = 0;
      valueLines = this.wrap([{ text: value, bold: true }], block.size, contentWidth - 2 * padding);
    }
    const labelLh = this.lineHeight(labelSize);
    const valueLh = block.size * 1.25;
    const height = 2 * padding + labelLines.length * labelLh + 4 + valueLines.length * valueLh;
    this.ensure(height + 8);
    this.y -= 4;
    const y = this.y - height;
    this.tags.artifact(this.page!, () =>
      this.page!.drawRectangle({
        x: MARGIN.left,
        y,
        width: contentWidth,
        height,
        color: CALLOUT_FILL,
        borderColor: RULE,
        borderWidth: 1,
      }),
    );
    this.y -= padding;
    this.tags.open('P');
    for (const line of labelLines) {
      this.text(line, MARGIN.left + padding, labelSize, MUTED, labelLh);
      this.y -= labelLh;
    }
    this.tags.close();
    this.y -= 4;
    this.tags.open('P');
    for (const line of valueLines) {
      const text = line.map((span) => span.text).join('');
      const width = this.measure(text, this.fonts.bold, block.size) + letterSpacing * Math.max(0, [...text].length - 1);
      if (letterSpacing) this.page!.pushOperators(setCharacterSpacing(letterSpacing));
      this.text(line, MARGIN.left + (contentWidth - width) / 2, block.size, INK, valueLh);
      if (letterSpacing) this.page!.pushOperators(setCharacterSpacing(0));
      this.y -= valueLh;
    }
    this.tags.close();
    this.y -= padding + 12;
  }

  /**
   * How a table is drawn. Each column is at least as wide as its widest word (with its padding) and otherwise
   * shares the width by the columns' weights; a table whose words do not all fit at one size tries smaller text,
   * then a landscape page, and only a table that fits nowhere has words cut.
   */
  private plan(table: TableBlock): TablePlan {
    let plan = this.plans.get(table);
    if (plan) return plan;
    const columns = table.columns.length > 0 ? table.columns : [{ header: '', width: 1 }];
    const weights = columns.map((c) => (Number.isFinite(c.width) && c.width > 0 ? c.width : 1));
    const minimums = (size: number) =>
      columns.map((column, index) => {
        const measure = (text: string, bold: boolean) =>
          this.measure(text, bold ? this.fonts.bold : this.fonts.regular, size);
        let widest = table.headerless ? 0 : widestToken([{ text: column.header, bold: true }], measure);
        for (const row of table.rows) {
          const cell = this.printableSpans(this.cellRuns(row, index));
          widest = Math.max(widest, widestToken(cell, measure));
        }
        return widest + 2 * CELL_PADDING + 0.01;
      });
    const width = (landscape: boolean) => (landscape ? LANDSCAPE_SIZE : PAGE_SIZE)[0] - MARGIN.left - MARGIN.right;
    const tries = [
      ...TABLE_SIZES.map((size) => ({ size, landscape: false })),
      ...LANDSCAPE_TABLE_SIZES.map((size) => ({ size, landscape: true })),
    ];
    for (const { size, landscape } of tries) {
      const widths = allocate(weights, minimums(size), width(landscape));
      if (widths) {
        plan = { size, landscape, widths };
        break;
      }
    }
    if (!plan) {
      // Fits nowhere (a word wider than a turned page's columns allow): the smallest text on a landscape page,
      // each column's share by its widest word, and the words that still do not fit are cut.
      const last = LANDSCAPE_TABLE_SIZES[LANDSCAPE_TABLE_SIZES.length - 1]!;
      const mins = minimums(last);
      const total = mins.reduce((a, b) => a + b, 0);
      plan = { size: last, landscape: true, widths: mins.map((min) => (width(true) * min) / total) };
    }
    this.plans.set(table, plan);
    return plan;
  }

  /** A row's cell as runs: bold when the row is emphasised or the cell heads its row. */
  private cellRuns(row: TableBlock['rows'][number], index: number): Span[] {
    const cell = row.cells[index] ?? [];
    return row.emphasis || row.headers[index] ? cell.map((span) => ({ ...span, bold: true })) : cell;
  }

  private table(table: TableBlock): void {
    const { size, widths } = this.plan(table);
    const lh = this.lineHeight(size);
    const contentWidth = this.contentWidth;
    const columns = table.columns.length > 0 ? table.columns : [{ header: '', width: 1 }];
    let x = MARGIN.left;
    const frames = columns.map((column, index) => {
      const width = widths[index]!;
      const frame = { x, width, align: column.align ?? 'left' };
      x += width;
      return frame;
    });
    const element = this.tags.open('Table');
    const cellsOf = (texts: readonly Span[][], row: StructElement | null, header: (index: number) => boolean) =>
      frames.map((frame, index): CellLines => ({
        lines: this.wrap(texts[index] ?? [], size, frame.width - 2 * CELL_PADDING),
        x: frame.x + CELL_PADDING,
        width: frame.width - 2 * CELL_PADDING,
        align: frame.align,
        element: row
          ? header(index)
            ? this.tags.element('TH', row, row.parent?.type === 'THead' ? 'Column' : 'Row')
            : this.tags.element('TD', row)
          : null,
      }));

    if (table.caption) {
      const captionLh = this.lineHeight(CAPTION_SIZE);
      const lines = this.wrap([{ text: table.caption, bold: true }], CAPTION_SIZE, contentWidth);
      if (this.page && !this.atTop()) this.y -= 4;
      this.ensure(lines.length * captionLh + 3 + this.firstPart(table));
      this.tags.open('Caption');
      for (const line of lines) {
        this.text(line, MARGIN.left, CAPTION_SIZE, INK, captionLh);
        this.y -= captionLh;
      }
      this.tags.close();
      this.y -= 3;
    }

    const headerRow = table.headerless ? null : this.tags.element('TR', this.tags.element('THead', element));
    const headerTexts = columns.map((c): Span[] => [{ text: c.header, bold: true }]);
    const header = cellsOf(headerTexts, headerRow, () => true);
    // The header as drawn again on a later page: the same text, an artifact (the structure has it once).
    const repeatedHeader = cellsOf(headerTexts, null, () => true);
    const headerLines = Math.max(...header.map((c) => c.lines.length));
    const headerHeight = table.headerless ? 0 : headerLines * lh + 2 * CELL_PADDING;
    let headerDrawn = false;
    const drawHeader = () => {
      if (table.headerless) {
        this.line(MARGIN.left, MARGIN.left + contentWidth, this.y, MUTED, 0.75);
        return;
      }
      const y = this.y - headerHeight;
      this.tags.artifact(this.page!, () =>
        this.page!.drawRectangle({ x: MARGIN.left, y, width: contentWidth, height: headerHeight, color: HEADER_FILL }),
      );
      const cells = headerDrawn ? repeatedHeader : header;
      if (headerDrawn) this.tags.artifact(this.page!, () => this.cellLines(cells, 0, headerLines, size, lh));
      else this.cellLines(cells, 0, headerLines, size, lh);
      headerDrawn = true;
      this.y -= headerHeight;
      this.line(MARGIN.left, MARGIN.left + contentWidth, this.y, MUTED, 0.75);
    };
    const body = this.tags.element('TBody', element);
    const rows = table.rows.map((row) => {
      const rowElement = this.tags.element('TR', body);
      return {
        emphasis: row.emphasis,
        cells: cellsOf(
          row.cells.map((_, index) => this.cellRuns(row, index)),
          rowElement,
          (index) => row.headers[index] ?? false,
        ),
      };
    });

    this.ensure(this.firstPart(table));
    drawHeader();

    const usable = this.top - MARGIN.bottom - headerHeight;
    for (const row of rows) {
      const count = Math.max(1, ...row.cells.map((c) => c.lines.length));
      const fullHeight = count * lh + 2 * CELL_PADDING;
      let start = 0;
      while (start < count) {
        const fit = Math.floor((this.y - MARGIN.bottom - 2 * CELL_PADDING) / lh);
        // A row that fits on a page is not split; a longer one is, line by line.
        if (fit < 1 || (start === 0 && fit < count && fullHeight <= usable)) {
          this.newPage();
          drawHeader();
          continue;
        }
        const lines = Math.min(fit, count - start);
        const height = lines * lh + 2 * CELL_PADDING;
        if (row.emphasis) {
          const y = this.y - height;
          this.tags.artifact(this.page!, () => {
            this.page!.drawRectangle({ x: MARGIN.left, y, width: contentWidth, height, color: EMPHASIS_FILL });
            this.page!.drawRectangle({ x: MARGIN.left, y, width: 3, height, color: EMPHASIS_MARK });
          });
        }
        this.cellLines(row.cells, start, lines, size, lh);
        this.y -= height;
        this.line(MARGIN.left, MARGIN.left + contentWidth, this.y, RULE, 0.5);
        start += lines;
        if (start < count) {
          this.newPage();
          drawHeader();
        }
      }
    }
    this.tags.close();
    this.y -= 10;
  }

  /** The height a table needs on the page it starts on: its header and the start of its first row. */
  private firstPart(table: TableBlock): number {
    const { size, widths } = this.plan(table);
    const lh = this.lineHeight(size);
    const columns = table.columns.length > 0 ? table.columns : [{ header: '', width: 1 }];
    const linesOf = (texts: Span[][]) =>
      Math.max(1, ...texts.map((text, i) => this.wrap(text, size, widths[i]! - 2 * CELL_PADDING).length));
    const headerHeight = table.headerless
      ? 0
      : linesOf(columns.map((c) => [{ text: c.header, bold: true }])) * lh + 2 * CELL_PADDING;
    const first = table.rows[0];
    const firstRowHeight = first ? linesOf(first.cells.map((_, i) => this.cellRuns(first, i))) * lh : 0;
    return headerHeight + Math.min(firstRowHeight, 3 * lh) + 2 * CELL_PADDING;
  }

  /* ---------------------------------------------------------------- drawing */

  private cellLines(cells: CellLines[], start: number, count: number, size: number, lh: number) {
    const top = this.y;
    this.y -= CELL_PADDING;
    for (let i = start; i < start + count; i++) {
      for (const cell of cells) {
        const line = cell.lines[i];
        if (!line?.length) continue;
        const x = cell.align === 'right' ? cell.x + cell.width - this.lineWidth(line, size) : cell.x;
        if (cell.element) this.text(line, x, size, INK, lh, cell.element);
        else this.draw(line, x, size, INK, lh);
      }
      this.y -= lh;
    }
    this.y = top;
  }

  /** Draws one line of runs in the line box that starts at the cursor, as content of `element`. */
  private text(line: Span[], x: number, size: number, color: RGB, lh: number, element?: StructElement) {
    if (!line.some((span) => span.text)) return;
    this.tags.mark(this.page!, () => this.draw(line, x, size, color, lh), element ?? this.tags.current);
  }

  /** Draws the runs of a line one after the other, each in its weight. */
  private draw(line: Span[], x: number, size: number, color: RGB, lh: number) {
    const baseline = this.y - (lh - size) / 2 - size * 0.8;
    let at = x;
    for (const span of line) {
      if (!span.text) continue;
      const font = span.bold ? this.fonts.bold : this.fonts.regular;
      this.page!.drawText(span.text, { x: at, y: baseline, size, font, color });
      at += this.measure(span.text, font, size);
    }
  }

  private line(x1: number, x2: number, y: number, color: RGB, thickness: number) {
    this.tags.artifact(this.page!, () =>
      this.page!.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color }),
    );
  }

  private lineHeight(size: number): number {
    return size * (this.fonts.unicode ? 1.5 : 1.35);
  }

  private atTop(): boolean {
    return this.y >= this.top;
  }

  /** Starts a new page if `height` points do not fit on this one (on an empty page, they must). */
  private ensure(height: number): void {
    if (!this.page || (this.y - height < MARGIN.bottom && !this.atTop())) this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage(this.landscape ? LANDSCAPE_SIZE : PAGE_SIZE);
    this.pages.push(this.page);
    this.y = this.top;
  }

  /* ---------------------------------------------------------------- text */

  /** Runs with every character the font lacks as '?'. */
  private printableSpans(spans: Span[]): Span[] {
    return spans.map((span) => ({ ...span, text: this.fonts.printable(span.text) }));
  }

  private wrap(spans: Span[], size: number, maxWidth: number): Span[][] {
    return wrapSpans(this.printableSpans(spans), this.spanMeasure(size), maxWidth);
  }

  private lineWidth(line: Span[], size: number): number {
    return naturalWidth(line, this.spanMeasure(size));
  }

  private spanMeasure(size: number) {
    return (text: string, bold: boolean) => this.measure(text, bold ? this.fonts.bold : this.fonts.regular, size);
  }

  /** The width of a text in points: the sum of its characters' advances, as drawn (no kerning). */
  private measure(text: string, font: PDFFont, size: number): number {
    let cache = this.widths.get(font);
    if (!cache) this.widths.set(font, (cache = new Map<string, number>()));
    let units = 0;
    for (const ch of text) {
      let width = cache.get(ch);
      if (width === undefined) {
        width = font.widthOfTextAtSize(ch, 1000);
        cache.set(ch, width);
      }
      units += width;
    }
    return (units * size) / 1000;
  }
}

/**
 * Column widths that share `available` by weight while keeping every column at least its minimum: a column that
 * its share would make too narrow gets its minimum, and the others share what is left, until none is too narrow.
 * Null when the minimums alone are wider than `available`.
 */
export function allocate(weights: readonly number[], minimums: readonly number[], available: number): number[] | null {
  const total = minimums.reduce((a, b) => a + b, 0);
  if (total > available) return null;
  const fixed = new Set<number>();
  const widths = [...minimums];
  for (;;) {
    const free = available - [...fixed].reduce((sum, i) => sum + minimums[i]!, 0);
    const weight = weights.reduce((sum, w, i) => (fixed.has(i) ? sum : sum + w), 0);
    let changed = false;
    weights.forEach((w, i) => {
      if (fixed.has(i)) return;
      widths[i] = weight > 0 ? (free * w) / weight : minimums[i]!;
      if (widths[i] < minimums[i]!) {
        fixed.add(i);
        widths[i] = minimums[i]!;
        changed = true;
      }
    });
    if (!changed) return widths;
  }
}
