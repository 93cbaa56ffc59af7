import { describe, expect, it } from 'vitest';
import { PUBLIC_CONTENT_KEYS, type LanguagePack } from '@portal/contracts';
import { DEFAULT_CONTENT } from '../../db/seed/default-content';
import { BUNDLED_PACKS, buildLanguagePack, resolvePack } from './language-packs';

const english = BUNDLED_PACKS.en;
const translations = (Object.keys(BUNDLED_PACKS) as LanguagePack[]).filter((l) => l !== 'en');
const placeholders = (text: string) => [...new Set(text.match(/\{[A-Za-z0-9_]+\}/g) ?? [])].sort();

function keyDifference(expected: string[], actual: string[]) {
  const have = new Set(actual);
  const want = new Set(expected);
  return { missing: expected.filter((k) => !have.has(k)), extra: actual.filter((k) => !want.has(k)) };
}

/** The locale whose plural rules a pack follows. */
const LOCALE_OF: Record<LanguagePack, string> = { en: 'en-US', es: 'es-MX', fr: 'fr-CA', pt: 'pt-BR', zh: 'zh' };
const PLURAL_FORM = /^(.+)\.(zero|one|two|few|many|other)$/;
/** The counted strings: English gives each one and other forms (`key.one`, `key.other`). */
const countedKeys = [
  ...new Set(
    Object.keys(english)
      .map((k) => PLURAL_FORM.exec(k))
      .filter((m) => m !== null && `${m[1]}.other` in english)
      .map((m) => m![1]!),
  ),
];
/** The plural categories a pack's language uses (Intl.PluralRules, as the browser picks them). */
const categoriesOf = (language: LanguagePack) =>
  new Intl.PluralRules(LOCALE_OF[language]).resolvedOptions().pluralCategories as string[];
/** A form English lacks that the language uses (Spanish, French and Portuguese 'many'): not an extra key. */
const isOwnPluralForm = (language: LanguagePack, key: string) => {
  const m = PLURAL_FORM.exec(key);
  return m !== null && countedKeys.includes(m[1]!) && categoriesOf(language).includes(m[2]!);
};

describe('the bundled language packs', () => {
  it('has a non-empty English pack without empty values', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect(
      Object.entries(english)
        .filter(([, v]) => v.trim() === '')
        .map(([k]) => k),
    ).toEqual([]);
  });

  it.each(translations)('%s has exactly the keys of en', (language) => {
    const { missing, extra: extraKeys } = keyDifference(Object.keys(english), Object.keys(BUNDLED_PACKS[language]));
    const extra = extraKeys.filter((k) => !isOwnPluralForm(language, k));
    expect(missing, `${language} lacks ${missing.length} key(s): ${missing.join(', ')}`).toEqual([]);
    expect(extra, `${language} has key(s) that en does not: ${extra.join(', ')}`).toEqual([]);
  });

  it.each(Object.keys(BUNDLED_PACKS) as LanguagePack[])(
    '%s gives each counted string every plural form its language uses',
    (language) => {
      expect(countedKeys.length).toBeGreaterThan(0);
      const pack = BUNDLED_PACKS[language];
      const missing = countedKeys.flatMap((base) =>
        categoriesOf(language)
          .map((category) => `${base}.${category}`)
          .filter((key) => !(key in pack)),
      );
      expect(missing, `${language} lacks plural form(s): ${missing.join(', ')}`).toEqual([]);
      // The placeholders of each form are those of the English 'other' form.
      const wrong = Object.keys(pack)
        .filter((key) => isOwnPluralForm(language, key) && !(key in english))
        .filter(
          (key) =>
            placeholders(pack[key]!).join() !== placeholders(english[key.replace(PLURAL_FORM, '$1.other')]!).join(),
        );
      expect(wrong, `${language} plural forms with other placeholders: ${wrong.join(', ')}`).toEqual([]);
    },
  );

  it.each(translations)('%s has no empty values', (language) => {
    const empty = Object.entries(BUNDLED_PACKS[language])
      .filter(([, v]) => v.trim() === '')
      .map(([k]) => k);
    expect(empty, `${language} has empty value(s): ${empty.join(', ')}`).toEqual([]);
  });

  it.each(translations)('%s keeps every {placeholder} of the English text', (language) => {
    const pack = BUNDLED_PACKS[language];
    const wrong = Object.entries(english)
      .filter(([key]) => key in pack)
      .filter(([key, text]) => placeholders(text).join() !== placeholders(pack[key]!).join())
      .map(
        ([key, text]) =>
          `${key}: en ${placeholders(text).join(' ')} vs ${language} ${placeholders(pack[key]!).join(' ')}`,
      );
    expect(wrong, `${language} placeholders differ:\n${wrong.join('\n')}`).toEqual([]);
  });
});

describe('buildLanguagePack and resolvePack', () => {
  it('lays overrides over the language over English', () => {
    const built = buildLanguagePack('es', { 'login.title': 'Entrar ahora' });
    expect(built['login.title']).toBe('Entrar ahora');
    expect(
      Object.keys(built)
        .filter((k) => !isOwnPluralForm('es', k) || k in english)
        .sort(),
    ).toEqual(Object.keys(english).sort());
  });

  it('resolves locales to packs', () => {
    expect(resolvePack(undefined)).toEqual({ locale: 'en-US', pack: 'en' });
    expect(resolvePack('en-GB')).toEqual({ locale: 'en-GB', pack: 'en' });
    expect(resolvePack('ES-mx')).toEqual({ locale: 'es-MX', pack: 'es' });
    expect(resolvePack('zh-Hant')).toEqual({ locale: 'zh', pack: 'zh' });
    expect(resolvePack('xx')).toEqual({ locale: 'en-US', pack: 'en' });
  });
});

describe('DEFAULT_CONTENT', () => {
  it('has every public content key in English', () => {
    expect(Object.keys(DEFAULT_CONTENT.en).sort()).toEqual([...PUBLIC_CONTENT_KEYS].sort());
  });

  it.each(Object.keys(DEFAULT_CONTENT) as LanguagePack[])('%s has the same keys as en, none empty', (language) => {
    const { missing, extra } = keyDifference(Object.keys(DEFAULT_CONTENT.en), Object.keys(DEFAULT_CONTENT[language]));
    expect(missing, `${language} default content lacks: ${missing.join(', ')}`).toEqual([]);
    expect(extra, `${language} default content has extra: ${extra.join(', ')}`).toEqual([]);
    const empty = Object.entries(DEFAULT_CONTENT[language])
      .filter(([, v]) => !v?.trim())
      .map(([k]) => k);
    expect(empty, `${language} default content is empty for: ${empty.join(', ')}`).toEqual([]);
  });
});
