import sanitizeHtml from 'sanitize-html';

// The allowlist for the human-readable view of a C-CDA document. renderCcdaHtml writes only these tags, and
// escapes every text of the document, so this pass removes nothing from its own output: it is the second wall,
// which holds even if a renderer change one day lets a document's text or attribute through as markup.

/** The classes the view uses, by tag (the page's stylesheet styles them). */
export const CCDA_HTML_CLASSES = {
  table: ['ccda-summary'],
  p: ['ccda-footnote', 'ccda-no-narrative'],
  span: ['ccda-caption', 'ccda-multimedia', 'ccda-inserted', 'ccda-deleted', 'ccda-footnote-ref'],
} as const satisfies Record<string, readonly string[]>;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'em',
    'u',
    'sub',
    'sup',
    'span',
    'a',
    'ul',
    'ol',
    'li',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel'],
    th: [{ name: 'scope', multiple: false, values: ['row', 'col', 'rowgroup', 'colgroup'] }, 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedClasses: Object.fromEntries(Object.entries(CCDA_HTML_CLASSES).map(([tag, classes]) => [tag, [...classes]])),
  allowedSchemes: ['https', 'http'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // A link leaves the view without telling the site where the reader came from, or giving it the window.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
  // The text of these is code or markup, not something a reader should see; it goes with them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'head', 'iframe', 'xmp'],
};

/** HTML cleaned to the C-CDA view's allowlist: headings, paragraphs, lists, tables, inline styling, web links. */
export function sanitizeCcdaHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
