// Markup as a type: text and attribute values are escaped when an element is made, so nothing a record holds
// ('Smith & Sons', '<3 U/mL') can become markup. Only `el` and `Xml.join` make an Xml value.

/** A piece of well-formed markup made by `el`. */
export class Xml {
  private constructor(readonly markup: string) {}

  /** Only for el and join below: markup that is already escaped. */
  static trusted(markup: string): Xml {
    return new Xml(markup);
  }

  static join(children: XmlChild[]): Xml {
    return new Xml(children.map(childMarkup).join(''));
  }

  toString(): string {
    return this.markup;
  }
}

/** What an element holds: markup, text (escaped), or nothing (null, undefined, false are left out). */
export type XmlChild = Xml | string | number | null | undefined | false | XmlChild[];

export type XmlAttributes = Record<string, string | number | boolean | null | undefined>;

// Characters XML 1.0 does not allow at all (C0 controls other than tab, newline and return; U+FFFE, U+FFFF).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

export function escapeText(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(value: string): string {
  // Tabs and line breaks as references, so a reader's attribute normalisation keeps them.
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function childMarkup(child: XmlChild): string {
  if (child === null || child === undefined || child === false) return '';
  if (child instanceof Xml) return child.markup;
  if (Array.isArray(child)) return child.map(childMarkup).join('');
  return escapeText(String(child));
}

/** `<name attr="value">children</name>`, or `<name attr="value"/>` when it holds nothing. */
export function el(name: string, attributes: XmlAttributes | null = null, ...children: XmlChild[]): Xml {
  if (!NAME.test(name)) throw new Error(`Not an XML name: ${name}`);
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value === null || value === undefined) continue;
    if (!NAME.test(key)) throw new Error(`Not an XML attribute name: ${key}`);
    open += ` ${key}="${escapeAttribute(String(value))}"`;
  }
  const content = children.map(childMarkup).join('');
  return Xml.trusted(content === '' ? `${open}/>` : `${open}>${content}</${name}>`);
}
