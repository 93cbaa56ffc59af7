// The blocks a PDF is built from: what the builder collects and the layout draws.

/** The size of body text, in points. */
export const BODY_SIZE = 10.5;

export interface PdfTable {
  caption?: string;
  /** No header row (a table whose first row heads nothing): the columns' headers are not drawn. */
  headerless?: boolean;
  columns: { header: string; width: number /* relative weight */; align?: 'left' | 'right' }[];
  rows: { cells: string[]; emphasis?: boolean /* drawn bold with a marker, e.g. abnormal */ }[];
}

export type Block =
  | { kind: 'heading'; text: string; level: 1 | 2 | 3 }
  | { kind: 'paragraph'; text: string; muted: boolean; size: number; bold: boolean; indent: number }
  | { kind: 'keyValues'; rows: [string, string][] }
  | { kind: 'table'; table: PdfTable }
  | { kind: 'space'; points: number }
  | { kind: 'pageBreak' }
  | { kind: 'rule' }
  | { kind: 'list'; items: string[]; ordered: boolean; indent: number; start: number }
  | { kind: 'callout'; label: string; value: string; size: number; letterSpacing: number };
