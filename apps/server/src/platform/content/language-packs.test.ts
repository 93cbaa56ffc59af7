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
    const { missing, extra } = keyDifference(Object.keys(english), Object.keys(BUNDLED_PACKS[language]));
    expect(missing, `${language} lacks ${missing.length} key(s): ${missing.join(', ')}`).toEqual([]);
    expect(extra, `${language} has key(s) that en does not: ${extra.join(', ')}`).toEqual([]);
  });

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
    expect(Object.keys(built).sort()).toEqual(Object.keys(english).sort());
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
