import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// What jsdom lacks and the component library asks for: media queries (no query matches: a wide screen unless a
// test says otherwise), element sizes, and scrolling. Each test starts from an empty document.

const matching = new Set<string>();

/** Makes `query` match (a phone-width media query, say) for the next renders; matchMedia(query).matches is true. */
export function matchMediaQuery(query: string): void {
  matching.add(query);
}

window.matchMedia = (query: string) =>
  ({
    matches: matching.has(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
// Ranges have no layout in jsdom: the rich-text editor (ProseMirror) measures the cursor's range to scroll it into view.
const NO_RECT = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
if (!('getClientRects' in Range.prototype))
  Object.assign(Range.prototype, {
    getClientRects: () => Object.assign([], { item: () => null }),
    getBoundingClientRect: () => NO_RECT,
  });
// Nothing is at any point of a page without layout (the editor asks where a click landed).
if (!('elementFromPoint' in Document.prototype)) Object.assign(Document.prototype, { elementFromPoint: () => null });
if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView: () => undefined });

afterEach(() => {
  cleanup();
  matching.clear();
});
