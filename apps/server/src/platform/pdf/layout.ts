import { rgb, setCharacterSpacing, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { BODY_SIZE, type Block, type PdfTable } from './blocks';
import type { FontPair } from './fonts';
import { wrapLines } from './wrap';

// Lays the blocks out on US Letter pages: word wrap, page breaks, repeated table headers, page numbers.

export const PAGE_SIZE: [width: number, height: number] = [612, 792];
const MARGIN = { left: 54, right: 54, top: 54, bottom: 60 };
const CONTENT_WIDTH = PAGE_SIZE[0] - MARGIN.left - MARGIN.right;
const TABLE_SIZE = 9.5;
const CELL_PADDING = 5;
const HEADING_SIZES = { 1: 18, 2: 14, 3: 12 } as const;

const INK = rgb(0.11, 0.15, 0.19);
const MUTED = rgb(0.34, 0.39, 0.44);
const RULE = rgb(0.75, 0.78, 0.8);
const HEADER_FILL = rgb(0.92, 0.94, 0.95);
const EMPHASIS_FILL = rgb(0.99, 0.93, 0.92);
const EMPHASIS_MARK = rgb(0.69, 0.11, 0.11);
const CALLOUT_FILL = rgb(0.94, 0.96, 0.97);

interface CellLines {
  lines: string[];
  x: number;
  width: number;
  align: 'left' | 'right';
}

export class Layout {
  private readonly pages: PDFPage[] = [];
  private page: PDFPage | null = null;
  private y = PAGE_SIZE[1] - MARGIN.top;
  private readonly widths = new Map<PDFFont, Map<string, number>>();
  private readonly top = PAGE_SIZE[1] - MARGIN.top;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: FontPair,
  ) {}

  /** Lays out a block; `next` is the one after it, which a heading is kept on the same page with. */
  block(block: Block, next?: Block): void {
    switch (block.kind) {
      case 'heading':
        return this.heading(block.text, block.level, next);
      case 'paragraph':
        return this.paragraph(block.text, {
          font: block.bold ? this.fonts.bold : this.fonts.regular,
          size: block.size,
          color: block.muted ? MUTED : INK,
          indent: block.indent,
        });
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
        this.line(MARGIN.left, MARGIN.left + CONTENT_WIDTH, this.y, RULE, 0.75);
        this.y -= 5;
        return;
      case 'list':
        return this.list(block);
      case 'callout':
        return this.callout(block);
    }
  }

  /** Page numbers on every page, once the number of pages is known. */
  finish(): void {
    if (this.pages.length === 0) this.newPage();
    const total = this.pages.length;
    this.pages.forEach((page, index) => {
      const text = `${index + 1} / ${total}`;
      const size = 8.5;
      page.drawText(text, {
        x: (PAGE_SIZE[0] - this.measure(text, this.fonts.regular, size)) / 2,
        y: 30,
        size,
        font: this.fonts.regular,
        color: MUTED,
      });
    });
  }

  /* ---------------------------------------------------------------- blocks */

  private heading(text: string, level: 1 | 2 | 3, next?: Block): void {
    const size = HEADING_SIZES[level];
    const font = this.fonts.bold;
    const lines = this.wrap(text, font, size, CONTENT_WIDTH);
    const lh = this.lineHeight(size);
    if (this.page && !this.atTop()) this.y -= level === 1 ? 12 : 9;
    // Keeps the heading with at least two lines of what follows it: a table's caption, header and first row.
    let keep = 2 * this.lineHeight(BODY_SIZE);
    if (next?.kind === 'table') {
      const caption = next.table.caption ? this.lineHeight(11) + 7 : 0;
      keep = caption + 2 * this.lineHeight(TABLE_SIZE) + 4 * CELL_PADDING;
    }
    this.ensure(lines.length * lh + keep);
    for (const line of lines) {
      this.ensure(lh);
      this.text(line, MARGIN.left, font, size, INK, lh);
      this.y -= lh;
    }
    this.y -= level === 1 ? 6 : 3;
  }

  private paragraph(text: string, style: { font: PDFFont; size: number; color: RGB; indent: number }): void {
    const lh = this.lineHeight(style.size);
    const indent = Math.min(style.indent, CONTENT_WIDTH / 2);
    for (const line of this.wrap(text, style.font, style.size, CONTENT_WIDTH - indent)) {
      this.ensure(lh);
      this.text(line, MARGIN.left + indent, style.font, style.size, style.color, lh);
      this.y -= lh;
    }
    this.y -= 5;
  }

  private keyValues(rows: [string, string][]): void {
    const size = BODY_SIZE;
    const gap = 12;
    const widest = Math.max(0, ...rows.map(([label]) => this.measure(label, this.fonts.bold, size)));
    const labelWidth = Math.min(Math.max(widest + gap, CONTENT_WIDTH * 0.18), CONTENT_WIDTH * 0.4);
    for (const [label, value] of rows) {
      const cells: CellLines[] = [
        {
          lines: this.wrap(label, this.fonts.bold, size, labelWidth - gap),
          x: MARGIN.left,
          width: labelWidth - gap,
          align: 'left',
        },
        {
          lines: this.wrap(value, this.fonts.regular, size, CONTENT_WIDTH - labelWidth),
          x: MARGIN.left + labelWidth,
          width: CONTENT_WIDTH - labelWidth,
          align: 'left',
        },
      ];
      const lh = this.lineHeight(size);
      const count = Math.max(...cells.map((c) => c.lines.length));
      for (let i = 0; i < count; i++) {
        this.ensure(lh);
        cells.forEach((cell, index) => {
          const line = cell.lines[i];
          if (line) this.text(line, cell.x, index === 0 ? this.fonts.bold : this.fonts.regular, size, INK, lh);
        });
        this.y -= lh;
      }
      this.y -= 3;
    }
    this.y -= 4;
  }

  private list({ items, ordered, indent: offset, start }: Extract<Block, { kind: 'list' }>): void {
    const size = BODY_SIZE;
    const lh = this.lineHeight(size);
    const left = MARGIN.left + Math.min(offset, CONTENT_WIDTH / 2);
    const width = CONTENT_WIDTH - (left - MARGIN.left);
    const markers = items.map((_, index) => (ordered ? `${start + index}.` : '•'));
    const indent = Math.max(16, ...markers.map((m) => this.measure(m, this.fonts.bold, size) + 8));
    items.forEach((item, index) => {
      this.wrap(item, this.fonts.regular, size, width - indent).forEach((line, lineIndex) => {
        this.ensure(lh);
        if (lineIndex === 0) this.text(markers[index]!, left + 2, this.fonts.bold, size, INK, lh);
        this.text(line, left + indent, this.fonts.regular, size, INK, lh);
        this.y -= lh;
      });
      this.y -= 3;
    });
    this.y -= 3;
  }

  private callout(block: Extract<Block, { kind: 'callout' }>): void {
    const padding = 14;
    const labelSize = 11;
    const labelLines = this.wrap(block.label, this.fonts.bold, labelSize, CONTENT_WIDTH - 2 * padding);
    const value = this.fonts.printable(block.value);
    const spaced = (text: string) =>
      this.measure(text, this.fonts.bold, block.size) + block.letterSpacing * Math.max(0, [...text].length - 1);
    let letterSpacing = block.letterSpacing;
    let valueLines = [value];
    if (spaced(value) > CONTENT_WIDTH - 2 * padding) {
      letterSpacing = 0;
      valueLines = this.wrap(value, this.fonts.bold, block.size, CONTENT_WIDTH - 2 * padding);
    }
    const labelLh = this.lineHeight(labelSize);
    const valueLh = block.size * 1.25;
    const height = 2 * padding + labelLines.length * labelLh + 4 + valueLines.length * valueLh;
    this.ensure(height + 8);
    this.y -= 4;
    this.page!.drawRectangle({
      x: MARGIN.left,
      y: this.y - height,
      width: CONTENT_WIDTH,
      height,
      color: CALLOUT_FILL,
      borderColor: RULE,
      borderWidth: 1,
    });
    this.y -= padding;
    for (const line of labelLines) {
      this.text(line, MARGIN.left + padding, this.fonts.bold, labelSize, MUTED, labelLh);
      this.y -= labelLh;
    }
    this.y -= 4;
    for (const line of valueLines) {
      const width = this.measure(line, this.fonts.bold, block.size) + letterSpacing * Math.max(0, [...line].length - 1);
      if (letterSpacing) this.page!.pushOperators(setCharacterSpacing(letterSpacing));
      this.text(line, MARGIN.left + (CONTENT_WIDTH - width) / 2, this.fonts.bold, block.size, INK, valueLh);
      if (letterSpacing) this.page!.pushOperators(setCharacterSpacing(0));
      this.y -= valueLh;
    }
    this.y -= padding + 12;
  }

  private table(table: PdfTable): void {
    const size = TABLE_SIZE;
    const lh = this.lineHeight(size);
    const columns = table.columns.length > 0 ? table.columns : [{ header: '', width: 1 }];
    const weights = columns.map((c) => (Number.isFinite(c.width) && c.width > 0 ? c.width : 1));
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    let x = MARGIN.left;
    const frames = columns.map((column, index) => {
      const width = (CONTENT_WIDTH * weights[index]!) / totalWeight;
      const frame = { x, width, align: column.align ?? 'left' };
      x += width;
      return frame;
    });
    const cellsOf = (texts: readonly string[], font: PDFFont): CellLines[] =>
      frames.map((frame, index) => ({
        lines: this.wrap(texts[index] ?? '', font, size, frame.width - 2 * CELL_PADDING),
        x: frame.x + CELL_PADDING,
        width: frame.width - 2 * CELL_PADDING,
        align: frame.align,
      }));
    const header = cellsOf(
      columns.map((c) => c.header),
      this.fonts.bold,
    );
    const headerLines = Math.max(...header.map((c) => c.lines.length));
    const headerHeight = table.headerless ? 0 : headerLines * lh + 2 * CELL_PADDING;
    const drawHeader = () => {
      if (table.headerless) {
        this.line(MARGIN.left, MARGIN.left + CONTENT_WIDTH, this.y, MUTED, 0.75);
        return;
      }
      this.page!.drawRectangle({
        x: MARGIN.left,
        y: this.y - headerHeight,
        width: CONTENT_WIDTH,
        height: headerHeight,
        color: HEADER_FILL,
      });
      this.cellLines(header, 0, headerLines, this.fonts.bold, size, lh);
      this.y -= headerHeight;
      this.line(MARGIN.left, MARGIN.left + CONTENT_WIDTH, this.y, MUTED, 0.75);
    };
    const rows = table.rows.map((row) => ({
      emphasis: row.emphasis ?? false,
      cells: cellsOf(row.cells, row.emphasis ? this.fonts.bold : this.fonts.regular),
    }));
    const firstRowHeight = rows[0] ? Math.max(1, ...rows[0].cells.map((c) => c.lines.length)) * lh : 0;
    const firstPart = headerHeight + Math.min(firstRowHeight, 3 * lh) + 2 * CELL_PADDING;

    if (table.caption) {
      const captionSize = 11;
      const captionLh = this.lineHeight(captionSize);
      const lines = this.wrap(table.caption, this.fonts.bold, captionSize, CONTENT_WIDTH);
      if (this.page && !this.atTop()) this.y -= 4;
      this.ensure(lines.length * captionLh + 3 + firstPart);
      for (const line of lines) {
        this.text(line, MARGIN.left, this.fonts.bold, captionSize, INK, captionLh);
        this.y -= captionLh;
      }
      this.y -= 3;
    }
    this.ensure(firstPart);
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
          this.page!.drawRectangle({
            x: MARGIN.left,
            y: this.y - height,
            width: CONTENT_WIDTH,
            height,
            color: EMPHASIS_FILL,
          });
          this.page!.drawRectangle({ x: MARGIN.left, y: this.y - height, width: 3, height, color: EMPHASIS_MARK });
        }
        this.cellLines(row.cells, start, lines, row.emphasis ? this.fonts.bold : this.fonts.regular, size, lh);
        this.y -= height;
        this.line(MARGIN.left, MARGIN.left + CONTENT_WIDTH, this.y, RULE, 0.5);
        start += lines;
        if (start < count) {
          this.newPage();
          drawHeader();
        }
      }
    }
    this.y -= 10;
  }

  /* ---------------------------------------------------------------- drawing */

  private cellLines(cells: CellLines[], start: number, count: number, font: PDFFont, size: number, lh: number) {
    const top = this.y;
    this.y -= CELL_PADDING;
    for (let i = start; i < start + count; i++) {
      for (const cell of cells) {
        const line = cell.lines[i];
        if (!line) continue;
        const x = cell.align === 'right' ? cell.x + cell.width - this.measure(line, font, size) : cell.x;
        this.text(line, x, font, size, INK, lh);
      }
      this.y -= lh;
    }
    this.y = top;
  }

  /** Draws one line of text in the line box that starts at the cursor. */
  private text(text: string, x: number, font: PDFFont, size: number, color: RGB, lh: number) {
    if (!text) return;
    const baseline = this.y - (lh - size) / 2 - size * 0.8;
    this.page!.drawText(text, { x, y: baseline, size, font, color });
  }

  private line(x1: number, x2: number, y: number, color: RGB, thickness: number) {
    this.page!.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color });
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
    this.page = this.doc.addPage(PAGE_SIZE);
    this.pages.push(this.page);
    this.y = this.top;
  }

  /* ---------------------------------------------------------------- text */

  private wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
    return wrapLines(this.fonts.printable(text), (t) => this.measure(t, font, size), maxWidth);
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
