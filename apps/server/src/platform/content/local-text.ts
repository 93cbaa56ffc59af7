// Texts stored with their translations (a questionnaire's title, items and options, as the questionnaires module
// stores them): here because the questionnaires and kiosk modules and the integration responses all read them, and
// no module imports another.

/** A text with its translations: `translations` keyed by language code (es, fr, pt, zh, ...); `text` otherwise. */
export interface LocalText {
  text: string;
  translations: Record<string, string>;
}

/** The text in `language` (a code such as es or es-MX), else the base text. */
export function localText(value: LocalText, language: string): string {
  const primary = language.toLowerCase().split('-')[0] ?? '';
  return value.translations[language] ?? value.translations[primary] ?? value.text;
}

/** A text a facility gives in each of the five languages (en, es, fr, pt, zh) as a LocalText: English the fallback. */
export function interpretationText(texts: Record<'en' | 'es' | 'fr' | 'pt' | 'zh', string>): LocalText {
  const { en, ...translations } = texts;
  return { text: en, translations };
}
