export const SUPPORTED_LOCALES = ['en-US', 'en-CA', 'en-AU', 'en-GB', 'es-MX', 'fr-CA', 'pt-BR', 'zh'] as const;

export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: SupportedLocale = 'en-US';

/** Data set (number/date formats) a locale uses; the values are also dayjs locale names. */
export type LocaleData = 'en' | 'en-ca' | 'en-gb' | 'es' | 'fr-ca' | 'pt-br' | 'zh';
export type LanguagePack = 'en' | 'es' | 'fr' | 'pt' | 'zh';
/** 0 = Sunday, 1 = Monday. */
export type WeekStart = 0 | 1;

const LOCALE_DATA: Record<SupportedLocale, LocaleData> = {
  'en-US': 'en',
  'en-CA': 'en-ca',
  // Australia shares the Canadian data set (day-first dates) rather than having its own.
  'en-AU': 'en-ca',
  'en-GB': 'en-gb',
  'es-MX': 'es',
  'fr-CA': 'fr-ca',
  'pt-BR': 'pt-br',
  zh: 'zh',
};

const LANGUAGE_PACKS: Record<SupportedLocale, LanguagePack> = {
  'en-US': 'en',
  'en-CA': 'en',
  'en-AU': 'en',
  'en-GB': 'en',
  'es-MX': 'es',
  'fr-CA': 'fr',
  'pt-BR': 'pt',
  zh: 'zh',
};

const WEEK_STARTS: Record<SupportedLocale, WeekStart> = {
  'en-US': 0,
  'en-CA': 0,
  'en-AU': 0,
  'en-GB': 1,
  'es-MX': 1,
  'fr-CA': 0,
  'pt-BR': 0,
  zh: 1,
};

/** Each locale's name in its own language, for the language picker. */
export const LOCALE_DISPLAY_NAMES: Readonly<Record<SupportedLocale, string>> = {
  'en-US': 'English (US)',
  'en-CA': 'English (Canada)',
  'en-AU': 'English (Australia)',
  'en-GB': 'English (UK)',
  'es-MX': 'Español (México)',
  'fr-CA': 'Français (Canada)',
  'pt-BR': 'Português (Brasil)',
  zh: '中文',
};

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly unknown[]).includes(value);
}

export function resolveLocale(input: string | null | undefined): SupportedLocale {
  const wanted = (input ?? '').trim().toLowerCase();
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  // Every Chinese variant (zh-CN, zh-TW, zh-Hans, ...) shares the single 'zh' pack.
  if (wanted.startsWith('zh-')) return 'zh';
  return DEFAULT_LOCALE;
}

export function localeDataOf(locale: SupportedLocale): LocaleData {
  return LOCALE_DATA[locale];
}

export function languagePackOf(locale: SupportedLocale): LanguagePack {
  return LANGUAGE_PACKS[locale];
}

export function weekStartOf(locale: SupportedLocale): WeekStart {
  return WEEK_STARTS[locale];
}
