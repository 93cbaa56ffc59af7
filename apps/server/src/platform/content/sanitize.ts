import sanitizeHtml from 'sanitize-html';
import { SECURE_MESSAGE_ALLOWED_TAGS, SECURE_MESSAGE_TAG_ALIASES } from '@portal/contracts';

// Facility-authored rich text may contain formatting and links, never script, styles or frames.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
    'hr',
    'abbr',
    'code',
    'pre',
    'dl',
    'dt',
    'dd',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** The most cleaned texts kept; past it, all are let go and kept again as they are asked for. */
const RICH_TEXTS_KEPT = 500;
const cleanedRichTexts = new Map<string, string>();

/**
 * Facility-authored rich text cleaned to the allowlist. The same few texts (terms of use, pages, articles) are
 * served on every login profile and page view, and cleaning parses the whole HTML: each text's result is kept.
 */
export function sanitizeRichText(html: string): string {
  const kept = cleanedRichTexts.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitizeHtml(html, OPTIONS);
  if (cleanedRichTexts.size >= RICH_TEXTS_KEPT) cleanedRichTexts.clear();
  cleanedRichTexts.set(html, clean);
  return clean;
}

/** Blocks of other markup that become paragraphs in a message, so their text stays apart once cleaned. */
const MESSAGE_BLOCK_TAGS = [
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'address',
  'section',
  'article',
  'header',
  'footer',
  'tr',
  'dt',
  'dd',
  'figcaption',
];

// A secure message holds only what the editor's toolbar makes, with no attributes at all: no links, images,
// styles or anything else a sender could use to act in the reader's page or to track them.
const MESSAGE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...SECURE_MESSAGE_ALLOWED_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  transformTags: {
    ...SECURE_MESSAGE_TAG_ALIASES,
    ...Object.fromEntries(MESSAGE_BLOCK_TAGS.map((tag) => [tag, 'p'])),
  },
  // The text of script and style elements is dropped with them (sanitize-html's default), and of these too.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template'],
  // A list item with nothing to read (Enter pressed at a list's end), and a list left with none, are not sent
  // (issue 32, finding 16).
  exclusiveFilter: (frame) => ['li', 'ul', 'ol'].includes(frame.tag) && frame.text.trim() === '',
};

/** A secure message's HTML cleaned to the toolbar's allowlist (p, br, strong, em, u, ol, ul, li; no attributes). */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, MESSAGE_OPTIONS);
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/**
 * The text of a message already cleaned by sanitizeMessageHtml, as a reader sees it: each paragraph, line break
 * and list item on a line of its own, no markup. Its length for the 2000-character limit is visibleTextLength.
 * Safe as a plain replacement because the cleaned HTML has no attributes and its text has < and & escaped.
 */
export function messageTextOf(cleanHtml: string): string {
  return cleanHtml
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|li)>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
