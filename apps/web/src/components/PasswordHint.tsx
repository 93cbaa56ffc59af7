import {
  PASSWORD_SPECIAL_CHARACTERS_DISPLAY,
  passwordHintParts,
  type PasswordHintPart,
  type PasswordRulesInput,
} from '@portal/contracts';
import { useTranslation, type Translate } from '../lib/i18n';

/** 'Use at least 12 characters, 1 capital letter, 1 number and 1 special character (! @ # ...).' */
export function passwordHintText(rules: PasswordRulesInput, t: Translate, locale: string): string {
  const parts = passwordHintParts(rules).map(({ key, count }: PasswordHintPart) =>
    // The plural form of the count in the language (password.hint.<key>.one, .many, .other, ...).
    t(`password.hint.${key}`, {
      count,
      characters: PASSWORD_SPECIAL_CHARACTERS_DISPLAY,
    }),
  );
  if (parts.length === 0) return '';
  const list = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(parts);
  return t('password.hint', { list });
}

/** The hint line of a new-password field: each facility rule whose count is above 0, in the current language. */
export function usePasswordHint(rules: PasswordRulesInput | undefined): string {
  const { t, locale } = useTranslation();
  return rules ? passwordHintText(rules, t, locale) : '';
}
