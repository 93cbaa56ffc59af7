import { useSyncExternalStore } from 'react';
import { localeDataOf, resolveLocale, type LanguagePackResponse, type SupportedLocale } from '@portal/contracts';
import type * as DatesModuleType from './dates';
import { createTranslator, type Translate } from './translator';

type DatesModule = typeof DatesModuleType;

// A small translator instead of i18next: the packs are flat key -> text with {name} placeholders, and
// the login page's JavaScript budget cannot carry ~15 KB for more (ADR 0002). The translator itself, and
// its plural forms, are in ./translator (free of the browser, so it is tested on its own).

export {
  createTranslator,
  interpolate,
  lookupText,
  pluralCategory,
  pluralKey,
  translateValue,
  valueKey,
  type Translate,
} from './translator';

const STORED_LOCALE_KEY = 'portal.locale';

interface LanguageState {
  locale: SupportedLocale;
  t: Translate;
}

let state: LanguageState = { locale: 'en-US', t: createTranslator({}) };
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setLanguage(locale: SupportedLocale, strings: Record<string, string>): void {
  state = { locale, t: createTranslator(strings, locale) };
  listeners.forEach((l) => l());
}

/** The current language and its translate function; components re-render when it changes. */
export function useTranslation(): LanguageState {
  return useSyncExternalStore(subscribe, () => state);
}

/** The language to start in: the last one chosen on this device, else the browser's. */
export function initialLocale(): SupportedLocale {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORED_LOCALE_KEY);
  } catch {
    // Storage can be blocked; the browser language is a fine default.
  }
  return resolveLocale(stored ?? window.navigator.language);
}

let datesModule: Promise<DatesModule> | null = null;

/**
 * The date library starts in English, so English pages need not load it before first paint; any
 * other language loads it now. Pages that show dates import the same module later.
 */
async function applyDateLocale(localeData: string): Promise<void> {
  if (localeData === 'en' && !datesModule) return;
  datesModule ??= import('./dates');
  await (await datesModule).setDateLocale(localeData);
}

/** Switches the whole UI to a language pack (shared/api/language-pack.ts fetches it); answers its language. */
export async function applyLanguagePack(pack: LanguagePackResponse): Promise<SupportedLocale> {
  const locale = resolveLocale(pack.locale);
  await applyDateLocale(localeDataOf(locale));
  setLanguage(locale, pack.strings);
  document.documentElement.lang = locale === 'zh' ? 'zh-CN' : locale;
  try {
    window.localStorage.setItem(STORED_LOCALE_KEY, locale);
  } catch {
    // Not remembered on this device; nothing else depends on it.
  }
  return locale;
}
