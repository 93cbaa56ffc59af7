import type { RefCallback, RefObject } from 'react';

/**
 * Mantine 9's inputs (TextInput, Textarea, …) write their own aria-describedby and aria-invalid over any given to
 * them, from their `description` and `error` props alone: an input described by text of its own (a hint beside it,
 * an error shown under a whole question) would lose both. This ref puts them on the element after each render;
 * `forward` is the component's own ref, when it has one.
 */
export function inputAria<T extends HTMLElement>(
  describedBy: string | undefined,
  invalid: boolean | undefined,
  forward?: RefObject<T | null>,
): RefCallback<T> {
  return (element) => {
    if (forward) forward.current = element;
    if (!element) return;
    if (describedBy) element.setAttribute('aria-describedby', describedBy);
    else element.removeAttribute('aria-describedby');
    if (invalid) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
  };
}
