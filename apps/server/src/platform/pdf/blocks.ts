import type { Span } from './wrap';

// The blocks a PDF is built from: what the builder collects and the layout draws.

export type { Span } from './wrap';

/** The size of body text, in points. */
export const BODY_SIZE = 10.5;

/** A run of text the caller gives: bold or not (default not). */
export interface PdfSpan {
  text: string;
  bold?: boolean;
}

/** Text to print: plain, or runs of which some are bold (a caption before a paragraph, a bold word). */
export type PdfText = string | readonly PdfSpan[];

export interface PdfTable {
  caption?: string;
  /** No header row (a table whose first row heads nothing): the columns' headers are not drawn. */
  headerless?: boolean;
  columns: { header: string; width: number /* relative weight */; align?: 'left' | 'right' }[];
  rows: {
    cells: PdfText[];
    emphasis?: boolean /* drawn bold with a marker, e.g. abnormal */;
    /** Which cells head their row (drawn bold, tagged TH with a Row scope): a C-CDA th in a body row. */
    headers?: boolean[];
  }[];
}

/** A table as the layout has it: its texts as runs. */
export interface TableBlock {
  caption?: string;
  headerless: boolean;
  columns: { header: string; width: number; align?: 'left' | 'right' }[];
  rows: { cells: Span[][]; emphasis: boolean; headers: boolean[] }[];
}

export type Block =
  | { kind: 'heading'; text: string; level: 1 | 2 | 3 }
  | { kind: 'paragraph'; text: Span[]; muted: boolean; size: number; bold: boolean; indent: number }
  | { kind: 'keyValues'; rows: [string, string][] }
  | { kind: 'table'; table: TableBlock }
  | { kind: 'space'; points: number }
  | { kind: 'pageBreak' }
  | { kind: 'rule' }
  | { kind: 'list'; items: Span[][]; ordered: boolean; indent: number; start: number }
  | { kind: 'callout'; label: string; value: string; size: number; letterSpacing: number };
