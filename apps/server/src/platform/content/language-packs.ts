import { languagePackOf, resolveLocale, type LanguagePack, type SupportedLocale } from '@portal/contracts';
import * as en from './packs/en/index';
import * as es from './packs/es/index';
import * as fr from './packs/fr/index';
import * as pt from './packs/pt/index';
import * as zh from './packs/zh/index';

export type Strings = Record<string, string>;

/** A language's pack: the strings of all its area files (packs/<language>/index.ts names them) as one map. */
function packOfAreas(areas: Record<string, Strings>): Strings {
  const pack: Strings = {};
  for (const [area, strings] of Object.entries(areas))
    for (const [key, text] of Object.entries(strings)) {
      // A key in two areas would take the words of whichever merged last, so it is refused rather than resolved.
      if (Object.hasOwn(pack, key)) throw new Error(`language pack key ${key} is in two areas (one of them ${area})`);
      pack[key] = text;
    }
  return pack;
}

/** The bundled packs; English is complete by rule (a test fails when another pack lacks a key). */
export const BUNDLED_PACKS: Record<LanguagePack, Strings> = {
  en: packOfAreas(en),
  es: packOfAreas(es),
  fr: packOfAreas(fr),
  pt: packOfAreas(pt),
  zh: packOfAreas(zh),
};

export function resolvePack(language: string | undefined): { locale: SupportedLocale; pack: LanguagePack } {
  const locale = resolveLocale(language);
  return { locale, pack: languagePackOf(locale) };
}

/** English under the language's own strings under the facility's overrides. */
export function buildLanguagePack(pack: LanguagePack, overrides: Strings = {}): Strings {
  return { ...BUNDLED_PACKS.en, ...BUNDLED_PACKS[pack], ...overrides };
}
