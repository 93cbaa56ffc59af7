import {
  CCDA_HTML_ALLOWED_ATTRIBUTES,
  CCDA_HTML_ALLOWED_TAGS,
  CCDA_HTML_CLASSES,
  CCDA_HTML_TH_SCOPES,
} from '@portal/contracts';

// What the summary's HTML may keep in the page (ADR 0012, 0014): the server cleaned it to the contracts' CCDA_HTML_*
// lists when it rendered it, and the browser cleans it again to the same lists, attribute by tag and class by
// class, so whatever reached the database cannot run, load, link oddly or restyle the portal. The cleaning itself
// (DOMPurify) is in components/ccda-html.ts; these are its rules.

const attributesByTag: Readonly<Record<string, readonly string[]>> = CCDA_HTML_ALLOWED_ATTRIBUTES;
const classesByTag: Readonly<Record<string, readonly string[]>> = CCDA_HTML_CLASSES;

/** The tags kept: the contract's, and the <article> each document of the answer comes in. */
export const CCDA_TAGS: readonly string[] = [...new Set<string>([...CCDA_HTML_ALLOWED_TAGS, 'article'])];

/** Every attribute name some tag may keep (the per-tag check is keptAttributeValue). */
export const CCDA_ATTRIBUTES: readonly string[] = [
  ...new Set<string>([...Object.values(attributesByTag).flat(), 'class']),
];

/** The classes the article of each document carries, whether or not the contract lists it yet. */
const ARTICLE_CLASSES = ['ccda-document'];

const SPAN_PATTERN = /^[1-9]\d{0,2}$/;
const WEB_LINK = /^(https?:|mailto:)/i;

/** The classes of a tag's class attribute that the view may use, in their order. */
export function keptClasses(tag: string, value: string): string[] {
  const allowed = tag === 'article' ? [...(classesByTag.article ?? []), ...ARTICLE_CLASSES] : (classesByTag[tag] ?? []);
  return [...new Set(value.split(/\s+/).filter((name) => allowed.includes(name)))];
}

/**
 * The value an attribute keeps on a tag, or null when it goes: the tag's own attributes only, a table header's
 * scope from its four values, spans as small numbers, links to the web or to mail only, known classes only.
 */
export function keptAttributeValue(tag: string, name: string, value: string): string | null {
  const lowerTag = tag.toLowerCase();
  const lowerName = name.toLowerCase();
  if (lowerName === 'class') {
    const classes = keptClasses(lowerTag, value);
    return classes.length > 0 ? classes.join(' ') : null;
  }
  if (!(attributesByTag[lowerTag] ?? []).includes(lowerName)) return null;
  const trimmed = value.trim();
  switch (lowerName) {
    case 'scope':
      return (CCDA_HTML_TH_SCOPES as readonly string[]).includes(trimmed) ? trimmed : null;
    case 'colspan':
    case 'rowspan':
      return SPAN_PATTERN.test(trimmed) ? trimmed : null;
    case 'href':
      return WEB_LINK.test(trimmed) ? trimmed : null;
    case 'rel':
      // Whatever the document says, a link opens without giving the page to the other site.
      return 'noopener noreferrer';
    default:
      return trimmed === '' ? null : value;
  }
}
