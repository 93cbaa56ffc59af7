import { lookupName, valueKey, type LookupList } from '@portal/contracts';

/**
 * The translate function of a language pack. Packs are flat key -> text with {name} placeholders. Counted
 * strings come in plural forms (`key.one`, `key.many`, `key.other`, ...: the CLDR categories the
 * language uses), picked with the browser's own Intl.PluralRules.
 */
type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

/** The text with each {name} replaced by params.name; a placeholder without a value stays as it is. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of a count in a language ('one', 'few', 'many', 'other', ...). */
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * The key of the form a count takes: `key.<category>` of the language when the pack has it, else
 * `key.other`; the key itself when the pack has it as one text (a string that does not vary).
 */
export function pluralKey(strings: Record<string, string>, locale: string, key: string, count: number): string {
  if (key in strings) return key;
  const form = `${key}.${pluralCategory(locale, count)}`;
  if (form in strings) return form;
  return `${key}.other` in strings ? `${key}.other` : key;
}

/**
 * The translate function of a pack: `t(key, params)`. When params.count is a number, a counted string
 * takes the plural form of that count in the language (`t('nav.badgeNew', { count: 1 })` reads
 * 'nav.badgeNew.one': '1 nuevo' in Spanish, 'nav.badgeNew.other' for 2).
 */
export function createTranslator(strings: Record<string, string>, locale = 'en-US'): Translate {
  return (key, params) => {
    const count = params?.count;
    const resolved = typeof count === 'number' ? pluralKey(strings, locale, key, count) : key;
    return interpolate(strings[resolved] ?? key, params);
  };
}

export { valueKey };

/**
 * A value another system sends (a status, an appointment type) in the user's language: the pack's
 * `${prefix}.${valueKey(value)}` when it has one, else the value as it came (a facility's own wording).
 */
export function translateValue(t: Translate, prefix: string, value: string): string {
  return packText(t, `${prefix}.${valueKey(value)}`) ?? value;
}

/** The pack's text of a key, or undefined when the pack lacks it (t answers the key itself). */
function packText(t: Translate, key: string): string | undefined {
  const text = t(key);
  return text === key ? undefined : text;
}

/**
 * A coded value (a country, a title, a treatment's route) in the user's language, by the one rule the server's
 * lookups follow too (contracts' lookupName): the pack's `lookups.<list>.<code>`, else what the facility sent.
 * The code is the one the server answers beside the value (`codes`) or the coded field itself.
 */
export function lookupText(t: Translate, list: LookupList, code: string | null | undefined, sent: string): string {
  return lookupName((key) => packText(t, key), list, code, sent);
}
