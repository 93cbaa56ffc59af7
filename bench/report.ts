/** One target of issue #17: what was measured, its baseline from the same run, and whether it meets the target. */
export interface Check {
  part: string;
  subject: string;
  measured: string;
  baseline: string;
  target: string;
  /** null: not measured (a part that could not run, such as PostgreSQL out of reach). */
  met: boolean | null;
}

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const ms = (value: number) => `${Math.round(value)} ms`;
export const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(2)} s`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function summary(checks: Check[], context: string[]): string {
  const rows = checks.map((check) => [
    check.part,
    check.subject,
    check.measured,
    check.baseline,
    check.target,
    check.met === null ? 'not measured' : check.met ? 'met' : 'NOT MET',
  ]);
  const met = checks.filter((check) => check.met === true).length;
  return [
    '',
    'Issue #17 targets, each beside its baseline from this run',
    ...context.map((line) => `  ${line}`),
    '',
    table(['part', 'what', 'measured', 'baseline (same run)', 'target', 'result'], rows),
    '',
    `${met} of ${checks.length} targets met`,
    '',
  ].join('\n');
}
