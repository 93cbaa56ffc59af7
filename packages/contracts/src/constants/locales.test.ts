import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  LOCALE_DISPLAY_NAMES,
  SUPPORTED_LOCALES,
  isSupportedLocale,
  languagePackOf,
  localeDataOf,
  resolveLocale,
  weekStartOf,
} from './locales';

describe('locales', () => {
  it('lists the supported locales and defaults to en-US', () => {
    expect(SUPPORTED_LOCALES).toEqual(['en-US', 'en-CA', 'en-AU', 'en-GB', 'es-MX', 'fr-CA', 'pt-BR', 'zh']);
    expect(DEFAULT_LOCALE).toBe('en-US');
  });

  it.each([
    ['en-US', 'en-US'],
    ['EN-gb', 'en-GB'],
    ['en-ca', 'en-CA'],
    ['en-au', 'en-AU'],
    ['es-mx', 'es-MX'],
    ['FR-CA', 'fr-CA'],
    ['pt-br', 'pt-BR'],
    [' en-GB ', 'en-GB'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-TW', 'zh'],
    ['zh-Hans', 'zh'],
    ['es', 'en-US'],
    ['fr', 'en-US'],
    ['pt', 'en-US'],
    ['de-DE', 'en-US'],
    ['en', 'en-US'],
    ['zhx', 'en-US'],
    ['', 'en-US'],
  ])('resolves %j to %s', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });

  it('resolves null and undefined to en-US', () => {
    expect(resolveLocale(null)).toBe('en-US');
    expect(resolveLocale(undefined)).toBe('en-US');
  });

  it('maps each locale to its data set', () => {
    expect(SUPPORTED_LOCALES.map(localeDataOf)).toEqual([
      'en',
      'en-ca',
      'en-ca',
      'en-gb',
      'es',
      'fr-ca',
      'pt-br',
      'zh',
    ]);
  });

  it('maps each locale to its language pack', () => {
    expect(SUPPORTED_LOCALES.map(languagePackOf)).toEqual(['en', 'en', 'en', 'en', 'es', 'fr', 'pt', 'zh']);
  });

  it('starts the week on Sunday or Monday', () => {
    expect(SUPPORTED_LOCALES.map(weekStartOf)).toEqual([0, 0, 0, 1, 1, 0, 0, 1]);
  });

  it('names each locale in its own language', () => {
    expect(LOCALE_DISPLAY_NAMES['en-US']).toBe('English (US)');
    expect(LOCALE_DISPLAY_NAMES['es-MX']).toBe('Español (México)');
    expect(LOCALE_DISPLAY_NAMES['fr-CA']).toBe('Français (Canada)');
    expect(LOCALE_DISPLAY_NAMES['pt-BR']).toBe('Português (Brasil)');
    expect(LOCALE_DISPLAY_NAMES.zh).toBe('中文');
    expect(Object.keys(LOCALE_DISPLAY_NAMES).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it('recognises supported locales exactly', () => {
    expect(isSupportedLocale('en-GB')).toBe(true);
    expect(isSupportedLocale('en-gb')).toBe(false);
    expect(isSupportedLocale(undefined)).toBe(false);
  });
});
