import { describe, expect, it } from 'vitest';
import {
  createTranslator,
  interpolate,
  lookupText,
  pluralCategory,
  pluralKey,
  translateValue,
  valueKey,
} from './translator';

// Issue 11, finding 7: counts went into strings with one plural ('(1 nuevos)' for screen readers).

const NEW = {
  en: { 'nav.badgeNew.one': '{count} new', 'nav.badgeNew.other': '{count} new' },
  es: {
    'nav.badgeNew.one': '{count} nuevo',
    'nav.badgeNew.many': '{count} de nuevos',
    'nav.badgeNew.other': '{count} nuevos',
  },
  fr: {
    'nav.badgeNew.one': '{count} nouveau',
    'nav.badgeNew.many': '{count} de nouveaux',
    'nav.badgeNew.other': '{count} nouveaux',
  },
  zh: { 'nav.badgeNew.one': '{count} 条新内容', 'nav.badgeNew.other': '{count} 条新内容' },
};

describe('pluralCategory', () => {
  it('follows each language’s plural rules', () => {
    expect([0, 1, 2].map((n) => pluralCategory('en-US', n))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 2, 1_000_000].map((n) => pluralCategory('es-MX', n))).toEqual(['other', 'one', 'other', 'many']);
    // French counts 0 and 1 as singular.
    expect([0, 1, 2, 1_000_000].map((n) => pluralCategory('fr-CA', n))).toEqual(['one', 'one', 'other', 'many']);
    expect([0, 1, 2].map((n) => pluralCategory('pt-BR', n))).toEqual(['one', 'one', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory('zh', n))).toEqual(['other', 'other', 'other']);
  });
});

describe('pluralKey', () => {
  it('picks the form of the count, else other, else the key as it is', () => {
    expect(pluralKey(NEW.es, 'es-MX', 'nav.badgeNew', 1)).toBe('nav.badgeNew.one');
    expect(pluralKey(NEW.es, 'es-MX', 'nav.badgeNew', 3)).toBe('nav.badgeNew.other');
    expect(pluralKey(NEW.es, 'es-MX', 'nav.badgeNew', 1_000_000)).toBe('nav.badgeNew.many');
    // A form the pack lacks falls back to other.
    expect(pluralKey(NEW.en, 'fr-CA', 'nav.badgeNew', 1_000_000)).toBe('nav.badgeNew.other');
    // A text without forms is used for every count.
    expect(pluralKey({ 'x.count': 'Show archived ({count})' }, 'es-MX', 'x.count', 1)).toBe('x.count');
    expect(pluralKey({}, 'es-MX', 'missing', 1)).toBe('missing');
  });
});

describe('createTranslator', () => {
  it('says “1 nuevo”, “2 nuevos” in Spanish, “0 nouveau” in French, one form in Chinese', () => {
    const es = createTranslator(NEW.es, 'es-MX');
    expect(es('nav.badgeNew', { count: 1 })).toBe('1 nuevo');
    expect(es('nav.badgeNew', { count: 2 })).toBe('2 nuevos');
    expect(es('nav.badgeNew', { count: 1_000_000 })).toBe('1000000 de nuevos');
    const fr = createTranslator(NEW.fr, 'fr-CA');
    expect(fr('nav.badgeNew', { count: 0 })).toBe('0 nouveau');
    expect(fr('nav.badgeNew', { count: 5 })).toBe('5 nouveaux');
    const zh = createTranslator(NEW.zh, 'zh');
    expect(zh('nav.badgeNew', { count: 1 })).toBe('1 条新内容');
    const en = createTranslator(NEW.en);
    expect(en('nav.badgeNew', { count: 1 })).toBe('1 new');
  });

  it('counts by params.count only, and leaves plain strings and unknown keys alone', () => {
    const t = createTranslator(
      {
        'list.showing.one': 'Showing {shown} of {total} appointment',
        'list.showing.other': 'Showing {shown} of {total} appointments',
        plain: 'Hello {name}',
      },
      'en-US',
    );
    expect(t('list.showing', { shown: 1, total: 1, count: 1 })).toBe('Showing 1 of 1 appointment');
    expect(t('list.showing', { shown: 1, total: 4, count: 4 })).toBe('Showing 1 of 4 appointments');
    expect(t('plain', { name: 'Jane', count: 1 })).toBe('Hello Jane');
    expect(t('unknown.key', { count: 1 })).toBe('unknown.key');
    // A string count is a word, not a number: no plural form is picked.
    expect(t('list.showing', { count: '1' })).toBe('list.showing');
  });

  it('interpolates only the placeholders it is given', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

// Issue 11, finding 7: test-result and appointment statuses, and the filter options, stayed in English.
describe('translateValue', () => {
  it('names a value by its words in lower camel case', () => {
    expect(valueKey('Final')).toBe('final');
    expect(valueKey('No Show')).toBe('noShow');
    expect(valueKey('  Imaging CT ')).toBe('imagingCt');
    expect(valueKey('Awaiting insurance pre-authorization')).toBe('awaitingInsurancePreAuthorization');
    expect(valueKey('FINAL')).toBe('final');
  });

  it('translates a known value and leaves the facility’s own wording as it is', () => {
    const t = createTranslator(
      { 'labResults.resultStatus.preliminary': 'Preliminar', 'labResults.resultStatus.final': 'Final' },
      'es-MX',
    );
    expect(translateValue(t, 'labResults.resultStatus', 'Preliminary')).toBe('Preliminar');
    expect(translateValue(t, 'labResults.resultStatus', 'final')).toBe('Final');
    expect(translateValue(t, 'labResults.resultStatus', 'Awaiting review by Dr. Raman')).toBe(
      'Awaiting review by Dr. Raman',
    );
  });
});

describe('lookupText', () => {
  // Issue 32, finding 10: coded values (registration details, care team titles, treatment summary) stayed English.
  const US = {
    en: 'United States',
    es: 'Estados Unidos',
    fr: 'États-Unis',
    pt: 'Estados Unidos',
    zh: '美国',
  };

  it('names a coded value by its code in each language', () => {
    for (const [language, name] of Object.entries(US)) {
      const t = createTranslator({ 'lookups.country.US': name });
      expect(lookupText(t, 'country', 'US', 'United States'), language).toBe(name);
    }
  });

  it('shows what the facility sent for a code the pack lacks, or no code', () => {
    const t = createTranslator({ 'lookups.country.US': 'Estados Unidos' });
    expect(lookupText(t, 'country', 'ZZ', 'Freedonia')).toBe('Freedonia');
    expect(lookupText(t, 'country', null, 'Freedonia')).toBe('Freedonia');
    expect(lookupText(t, 'careProviderTitle', undefined, 'Tumor Board Chair')).toBe('Tumor Board Chair');
    expect(lookupText(createTranslator({ 'lookups.country.US': ' ' }), 'country', 'US', 'United States')).toBe(
      'United States',
    );
  });
});
