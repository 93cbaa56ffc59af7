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
if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView: () => undefined });

afterEach(() => {
  cleanup();
  matching.clear();
});
