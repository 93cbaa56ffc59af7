import sanitizeHtml from 'sanitize-html';
import {
  CCDA_HTML_ALLOWED_ATTRIBUTES,
  CCDA_HTML_ALLOWED_TAGS,
  CCDA_HTML_CLASSES,
  CCDA_HTML_TH_SCOPES,
} from '@portal/contracts';

// The allowlist (packages/contracts/src/constants/health-summary.ts, which the browser uses too) for the
// human-readable view of a C-CDA document. renderCcdaHtml writes only these tags, and
// escapes every text of the document, so this pass removes nothing from its own output: it is the second wall,
// which holds even if a renderer change one day lets a document's text or attribute through as markup.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CCDA_HTML_ALLOWED_TAGS],
  allowedAttributes: {
    a: [...CCDA_HTML_ALLOWED_ATTRIBUTES.a],
    th: [
      { name: 'scope', multiple: false, values: [...CCDA_HTML_TH_SCOPES] },
      ...CCDA_HTML_ALLOWED_ATTRIBUTES.th.filter((name) => name !== 'scope'),
    ],
    td: [...CCDA_HTML_ALLOWED_ATTRIBUTES.td],
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
