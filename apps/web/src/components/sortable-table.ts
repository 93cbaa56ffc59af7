/** Pure rules of SortableTable: which way a column sorts, and how its values compare. */

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}
/** What a column sorts by; null and undefined (no value) always sort last. */
export type SortValue = string | number | Date | boolean | null | undefined;

/**
 * A click on the sorted column turns its direction; a click on another column sorts it descending first
 * (spec 002, shared rules: newest dates and highest values on top).
 */
export function toggleSort(current: SortState, column: string): SortState {
  if (current.column !== column) return { column, direction: 'desc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

function isEmpty(value: SortValue): value is null | undefined {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function comparable(value: string | number | Date | boolean): string | number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/**
 * Compares two present values: numbers and dates by size, text by the language's collation (numbers
 * inside text in numeric order, case and accents ignored). Mixed kinds compare as text.
 */
export function compareValues(
  a: string | number | Date | boolean,
  b: string | number | Date | boolean,
  collator: Intl.Collator,
): number {
  const x = comparable(a);
  const y = comparable(b);
  if (typeof x === 'number' && typeof y === 'number') return x === y ? 0 : x < y ? -1 : 1;
  return collator.compare(String(x), String(y));
}

/** Another array, sorted by the column (stable: equal rows keep their order); empty values go last either way. */
export function sortRows<Row>(
  rows: readonly Row[],
  sort: SortState,
  valueOf: (row: Row, column: string) => SortValue,
  locale = 'en-US',
): Row[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row, sort.column) }))
    .sort((a, b) => {
      const emptyA = isEmpty(a.value);
      const emptyB = isEmpty(b.value);
      if (emptyA || emptyB) return emptyA === emptyB ? a.index - b.index : emptyA ? 1 : -1;
      return sign * compareValues(a.value!, b.value!, collator) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** The aria-sort value of a column header. */
export function ariaSort(sort: SortState, column: string): 'ascending' | 'descending' | 'none' {
  if (sort.column !== column) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}
