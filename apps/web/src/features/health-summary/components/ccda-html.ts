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

/**
 * The cleaned summary as HTML for the page. Each table is placed in a region of its own that scrolls sideways on
 * a narrow screen (the page itself never does), reachable by keyboard and named after the table's caption.
 */
export function cleanSummaryHtml(
  html: string,
  tableFrame: { className: string; label: (caption: string | null, index: number) => string },
): string {
  const fragment = purifier.sanitize(html, OPTIONS);
  fragment.querySelectorAll('table').forEach((table, index) => {
    const frame = document.createElement('div');
    frame.className = tableFrame.className;
    frame.setAttribute('role', 'region');
    frame.setAttribute('tabindex', '0');
    const caption = table.querySelector(':scope > caption')?.textContent?.trim() || null;
    frame.setAttribute('aria-label', tableFrame.label(caption, index + 1));
    table.replaceWith(frame);
    frame.append(table);
  });
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
