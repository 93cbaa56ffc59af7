import { languagePackOf, resolveLocale, type LanguagePack, type SupportedLocale } from '@portal/contracts';
import en from './packs/en/index';
import es from './packs/es/index';
import fr from './packs/fr/index';
import pt from './packs/pt/index';
import zh from './packs/zh/index';

export type Strings = Record<string, string>;

/** The bundled packs; English is complete by rule (a test fails when another pack lacks a key). */
export const BUNDLED_PACKS: Record<LanguagePack, Strings> = { en, es, fr, pt, zh };

export function resolvePack(language: string | undefined): { locale: SupportedLocale; pack: LanguagePack } {
  const locale = resolveLocale(language);
  return { locale, pack: languagePackOf(locale) };
}

/** English under the language's own strings under the facility's overrides. */
export function buildLanguagePack(pack: LanguagePack, overrides: Strings = {}): Strings {
  return { ...BUNDLED_PACKS.en, ...BUNDLED_PACKS[pack], ...overrides };
}
