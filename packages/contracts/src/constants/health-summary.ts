// The health information summary (spec 002, 2.7): what its human-readable view of a C-CDA document may hold.
// The server cleans the view to this allowlist when it renders it (platform/ccda/sanitize.ts), and the browser
// cleans it again with the same lists before showing it.

export const CCDA_HTML_ALLOWED_TAGS = [
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
] as const;

/** Attributes by tag: web links, and the structure of tables. */
export const CCDA_HTML_ALLOWED_ATTRIBUTES = {
  a: ['href', 'rel'],
  th: ['scope', 'colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
} as const satisfies Record<string, readonly string[]>;

/** The values a table header's scope may take. */
export const CCDA_HTML_TH_SCOPES = ['row', 'col', 'rowgroup', 'colgroup'] as const;

/** The classes the view uses, by tag (the page's stylesheet styles them). */
export const CCDA_HTML_CLASSES = {
  table: ['ccda-summary'],
  p: ['ccda-footnote', 'ccda-no-narrative'],
  span: ['ccda-caption', 'ccda-multimedia', 'ccda-inserted', 'ccda-deleted', 'ccda-footnote-ref'],
} as const satisfies Record<string, readonly string[]>;
