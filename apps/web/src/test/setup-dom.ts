import { cleanup } from '@testing-library/react';
import { BREAKPOINTS } from '@portal/contracts';
import { afterEach } from 'vitest';

// What jsdom lacks and the component library asks for: media queries (no query matches unless a test says so: for
// the app's min-width breakpoints, a phone; `wideWindow()` makes it a desktop's), element sizes, and scrolling. Each
// test starts from an empty document.

const matching = new Set<string>();

/** Makes `query` match (a phone-width media query, say) for the next renders; matchMedia(query).matches is true. */
export function matchMediaQuery(query: string): void {
  matching.add(query);
}

/** A desktop window (the app's large breakpoint) for the next renders; without it, the app lays out for a phone. */
export function wideWindow(): void {
  for (const { min } of [BREAKPOINTS.small, BREAKPOINTS.medium, BREAKPOINTS.large])
    matchMediaQuery(`(min-width: ${min}px)`);
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
// No web fonts load (an autosizing text area listens for them).
if (!('fonts' in document))
  Object.assign(document, {
    fonts: { ready: Promise.resolve(), addEventListener: () => undefined, removeEventListener: () => undefined },
  });
// CSS.escape, which jsdom leaves out (radio groups find their next option by a selector built with it).
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/([^\w-])/g, '\\$1');
if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView: () => undefined });

afterEach(() => {
  cleanup();
  matching.clear();
});
