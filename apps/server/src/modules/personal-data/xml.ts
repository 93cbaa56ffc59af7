// Writing XML 1.0 text by hand, safely: every value goes through xmlText or xmlAttribute. Characters XML 1.0
// cannot hold at all (most C0 controls, lone surrogates, U+FFFE and U+FFFF) become U+FFFD, the replacement
// character, so a stray control character in a record never makes the whole export unreadable.

const ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value.replace(ILLEGAL, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function xmlAttribute(value: string): string {
  // Tabs and line breaks in an attribute would be normalised to spaces by a reader: keep them as references.
  return xmlText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

export type XmlValue = string | number | boolean | Date | null | undefined;

function textOf(value: Exclude<XmlValue, null | undefined>): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** `<name>value</name>`, or nothing for a value the record does not have (the schema's minOccurs="0"). */
export function element(name: string, value: XmlValue): string {
  if (value === null || value === undefined) return '';
  return `<${name}>${xmlText(textOf(value))}</${name}>`;
}

/** The elements of a record's fields in the order given (the order the schema's sequence names them). */
export function fields(pairs: readonly (readonly [string, XmlValue])[]): string {
  return pairs.map(([name, value]) => element(name, value)).join('');
}

/** `<name a="1" b="x">`, leaving out attributes without a value. */
export function openTag(name: string, attributes: Record<string, XmlValue> = {}): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ` ${key}="${xmlAttribute(textOf(value as Exclude<XmlValue, null | undefined>))}"`)
    .join('');
  return `<${name}${attrs}>`;
}
