import { describe, expect, it } from 'vitest';
import { ariaSort, sortRows, toggleSort, type SortState } from './sortable-table';

interface Row {
  name: string | null;
  when: Date | null;
  n?: number;
}

const rows: Row[] = [
  { name: 'beta', when: new Date('2026-03-01T10:00:00Z') },
  { name: null, when: new Date('2026-01-01T10:00:00Z') },
  { name: 'Alpha', when: null },
  { name: 'alpha', when: new Date('2026-02-01T10:00:00Z') },
  { name: 'Gamma 10', when: new Date('2026-02-01T10:00:00Z') },
  { name: 'Gamma 9', when: new Date('2026-04-01T10:00:00Z') },
];
const valueOf = (row: Row, column: string) => (column === 'name' ? row.name : row.when);
const names = (list: Row[]) => list.map((r) => r.name);

describe('toggleSort', () => {
  it('turns the direction of the sorted column', () => {
    expect(toggleSort({ column: 'date', direction: 'asc' }, 'date')).toEqual({ column: 'date', direction: 'desc' });
    expect(toggleSort({ column: 'date', direction: 'desc' }, 'date')).toEqual({ column: 'date', direction: 'asc' });
  });
  it('sorts another column descending first', () => {
    expect(toggleSort({ column: 'date', direction: 'desc' }, 'type')).toEqual({ column: 'type', direction: 'desc' });
    expect(toggleSort({ column: 'date', direction: 'asc' }, 'type')).toEqual({ column: 'type', direction: 'desc' });
  });
});

describe('sortRows', () => {
  it('sorts text by the language, ignoring case, numbers in numeric order, empty values last', () => {
    expect(names(sortRows(rows, { column: 'name', direction: 'asc' }, valueOf))).toEqual([
      'Alpha',
      'alpha',
      'beta',
      'Gamma 9',
      'Gamma 10',
      null,
    ]);
  });

  it('keeps empty values last when descending', () => {
    expect(names(sortRows(rows, { column: 'name', direction: 'desc' }, valueOf))).toEqual([
      'Gamma 10',
      'Gamma 9',
      'beta',
      'Alpha',
      'alpha',
      null,
    ]);
  });

  it('sorts dates by time and is stable for equal values', () => {
    const sort: SortState = { column: 'when', direction: 'asc' };
    expect(names(sortRows(rows, sort, valueOf))).toEqual([null, 'alpha', 'Gamma 10', 'beta', 'Gamma 9', 'Alpha']);
  });

  it('sorts numbers by size and leaves the input alone', () => {
    const numbers = [{ n: 10 }, { n: 9 }, { n: 100 }];
    const copy = [...numbers];
    expect(sortRows(numbers, { column: 'n', direction: 'asc' }, (r) => r.n).map((r) => r.n)).toEqual([9, 10, 100]);
    expect(numbers).toEqual(copy);
  });

  it('treats blank text as empty', () => {
    const list = [{ v: ' ' }, { v: 'a' }];
    expect(sortRows(list, { column: 'v', direction: 'asc' }, (r) => r.v).map((r) => r.v)).toEqual(['a', ' ']);
  });
});

describe('ariaSort', () => {
  it('names the direction of the sorted column only', () => {
    const sort: SortState = { column: 'date', direction: 'desc' };
    expect(ariaSort(sort, 'date')).toBe('descending');
    expect(ariaSort({ column: 'date', direction: 'asc' }, 'date')).toBe('ascending');
    expect(ariaSort(sort, 'type')).toBe('none');
  });
});
