import { describe, expect, it } from 'vitest';
import { cleanSummaryHtml, showScrollHints } from './ccda-html';

const FRAME = {
  className: 'frame',
  blockClassName: 'block',
  hintClassName: 'hint',
  hint: 'This table is wider than the screen: scroll it sideways to see every column.',
  idPrefix: 'r1',
  label: (caption: string | null, index: number) => caption ?? `Table ${index}`,
};

/** The cleaned summary placed in a page, each region as wide as `widths` says (jsdom lays nothing out). */
function placed(html: string, widths: [scroll: number, client: number][]) {
  const container = document.createElement('div');
  container.innerHTML = cleanSummaryHtml(html, FRAME);
  document.body.append(container);
  container.querySelectorAll<HTMLElement>('[role="region"]').forEach((frame, i) => {
    Object.defineProperty(frame, 'scrollWidth', { configurable: true, value: widths[i]![0] });
    Object.defineProperty(frame, 'clientWidth', { configurable: true, value: widths[i]![1] });
  });
  return container;
}

describe('the tables of a summary in the page', () => {
  const html =
    '<article class="ccda-document" aria-label="Care Plan"><h2>Care Plan</h2>' +
    '<table><caption>Goals</caption><tbody><tr><td>Walk</td></tr></tbody></table>' +
    '<table><tbody><tr><td>x</td></tr></tbody></table></article>';

  it('each sit in a region named by its caption, after a hint hidden until the table is too wide', () => {
    const container = placed(html, [
      [900, 340],
      [300, 340],
    ]);
    const regions = [...container.querySelectorAll<HTMLElement>('[role="region"]')];
    expect(regions.map((r) => [r.getAttribute('aria-label'), r.tabIndex])).toEqual([
      ['Goals', 0],
      ['Table 2', 0],
    ]);
    const hints = [...container.querySelectorAll<HTMLElement>('p.hint')];
    expect(hints.map((h) => h.hidden)).toEqual([true, true]);

    // At a phone's width the first table does not fit: its hint shows and describes its region.
    expect(showScrollHints(container)).toBe(true);
    expect(hints.map((h) => h.hidden)).toEqual([false, true]);
    expect(hints[0]!.textContent).toBe(`↔ ${FRAME.hint}`);
    expect(hints[0]!.querySelector('span')?.getAttribute('aria-hidden')).toBe('true');
    expect(regions[0]!.getAttribute('aria-describedby')).toBe(hints[0]!.id);
    expect(regions[1]!.hasAttribute('aria-describedby')).toBe(false);

    // Wider again: the hint goes.
    Object.defineProperty(regions[0], 'clientWidth', { configurable: true, value: 1200 });
    expect(showScrollHints(container)).toBe(false);
    expect(hints[0]!.hidden).toBe(true);
    expect(regions[0]!.hasAttribute('aria-describedby')).toBe(false);
    container.remove();
  });
});
