import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * The master-detail rule (issue 11, item 12): the item open beside a list stands only while the list shows it.
 * A filter, an unticked 'Show archived' or a reload that hides it clears the selection, so the detail never
 * shows what the list says is not there. While the list is not known yet (`shownIds` undefined) the selection
 * stands.
 */
export function keptSelection<S, Id>(
  selection: S | null,
  shownIds: readonly Id[] | undefined,
  idOf: (selection: S) => Id,
): S | null {
  if (selection === null || shownIds === undefined) return selection;
  return shownIds.includes(idOf(selection)) ? selection : null;
}

const itself = <S>(selection: S) => selection as unknown;

/**
 * The selection of a list+detail screen (medical notes, test results, education), held under the rule above:
 * pass the ids of the items the list shows now; what comes back is null as soon as the selected one is not
 * among them, and stays cleared when the filter is loosened again. `idOf` reads the item's id from a richer
 * selection (a note and its page); by default the selection is the id.
 */
export function useListSelection<S, Id = S>(
  shownIds: readonly Id[] | undefined,
  idOf: (selection: S) => Id = itself as (selection: S) => Id,
  /** A selection to start with (one restored from the address), held under the same rule. */
  initial: S | null | (() => S | null) = null,
): [S | null, Dispatch<SetStateAction<S | null>>] {
  const [selection, setSelection] = useState<S | null>(initial);
  const kept = keptSelection(selection, shownIds, idOf);
  // Cleared during render (React's pattern for state that follows props): no frame shows the stale detail.
  if (kept !== selection) setSelection(kept);
  return [kept, setSelection];
}
