import DOMPurify from 'dompurify';
import { CCDA_ATTRIBUTES, CCDA_TAGS, keptAttributeValue } from '../lib/ccda-allowlist';

// The summary's HTML cleaned for the page (ADR 0014): DOMPurify with the contracts' lists, each attribute checked
// for its tag (lib/ccda-allowlist.ts). Its own DOMPurify instance, so these hooks never touch the other pages'
// cleaning (messages, rich text).

const purifier = DOMPurify(window);

purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const kept = keptAttributeValue(node.nodeName, data.attrName, data.attrValue);
  if (kept === null) data.keepAttr = false;
  else data.attrValue = kept;
});

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
});

const OPTIONS = {
  ALLOWED_TAGS: [...CCDA_TAGS],
  ALLOWED_ATTR: [...CCDA_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // A document's title is text, never a link: without this, a title with a colon ('Primary Care Follow-up:
  // Hypertension') reads to DOMPurify as an unknown URL scheme and the article loses its name.
  ADD_URI_SAFE_ATTR: ['aria-label'],
  RETURN_DOM_FRAGMENT: true as const,
};

/** What cleanSummaryHtml places around each table. */
export interface TableFrameOptions {
  className: string;
  /** The class of the block holding the hint and the table's region. */
  blockClassName: string;
  /** The class of the hint that the table scrolls sideways. */
  hintClassName: string;
  /** The hint's text. */
  hint: string;
  /** Makes the hints' ids unique in the page (React's useId). */
  idPrefix: string;
  label: (caption: string | null, index: number) => string;
}

/**
 * The cleaned summary as HTML for the page. Each table is placed in a region of its own that scrolls sideways on
 * a narrow screen (the page itself never does), reachable by keyboard and named after the table's caption, after
 * a hint, hidden until the table is wider than its region (showScrollHints), that it scrolls sideways.
 */
export function cleanSummaryHtml(html: string, tableFrame: TableFrameOptions): string {
  const fragment = purifier.sanitize(html, OPTIONS);
  fragment.querySelectorAll('table').forEach((table, index) => {
    const block = document.createElement('div');
    block.className = tableFrame.blockClassName;
    const hint = document.createElement('p');
    hint.className = tableFrame.hintClassName;
    hint.id = `${tableFrame.idPrefix}-table-hint-${index + 1}`;
    hint.hidden = true;
    const arrow = document.createElement('span');
    arrow.setAttribute('aria-hidden', 'true');
    arrow.textContent = '↔';
    hint.append(arrow, ` ${tableFrame.hint}`);
    const frame = document.createElement('div');
    frame.className = tableFrame.className;
    frame.setAttribute('role', 'region');
    frame.setAttribute('tabindex', '0');
    frame.dataset.tableHint = hint.id;
    const caption = table.querySelector(':scope > caption')?.textContent?.trim() || null;
    frame.setAttribute('aria-label', tableFrame.label(caption, index + 1));
    table.replaceWith(block);
    frame.append(table);
    block.append(hint, frame);
  });
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

/**
 * Shows the hint of each table wider than its region, and makes it the region's description; hides it again when
 * the table fits (a wider window, a smaller text). Answers whether any table is wider than its region.
 */
export function showScrollHints(container: HTMLElement): boolean {
  let any = false;
  container.querySelectorAll<HTMLElement>('[data-table-hint]').forEach((frame) => {
    const hintId = frame.dataset.tableHint!;
    const hint = container.ownerDocument.getElementById(hintId);
    const overflowing = frame.scrollWidth > frame.clientWidth + 1;
    any ||= overflowing;
    if (hint) hint.hidden = !overflowing;
    if (overflowing) frame.setAttribute('aria-describedby', hintId);
    else frame.removeAttribute('aria-describedby');
  });
  return any;
}
