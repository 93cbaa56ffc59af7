import { describe, expect, it } from 'vitest';
import { keptSelection } from './list-selection';

const id = (n: number) => n;

describe('keptSelection: the item open beside a list stands only while the list shows it', () => {
  it('keeps a selection the list shows', () => {
    expect(keptSelection(7, [3, 7, 9], id)).toBe(7);
  });

  it('clears a selection a filter hid', () => {
    expect(keptSelection(7, [3, 9], id)).toBeNull();
    expect(keptSelection(7, [], id)).toBeNull();
  });

  it('keeps the selection while the list is not loaded yet, and nothing stays nothing', () => {
    expect(keptSelection(7, undefined, id)).toBe(7);
    expect(keptSelection(null, [7], id)).toBeNull();
  });

  it('reads the id of a richer selection (a note and its page) and returns that selection itself', () => {
    const selection = { noteId: 4, page: 3 };
    const noteId = (s: typeof selection) => s.noteId;
    expect(keptSelection(selection, [4, 5], noteId)).toBe(selection);
    expect(keptSelection(selection, [5], noteId)).toBeNull();
  });
});
