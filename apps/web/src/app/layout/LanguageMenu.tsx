import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { LOCALE_DISPLAY_NAMES, SUPPORTED_LOCALES, resolveLocale, type SupportedLocale } from '@portal/contracts';
import { ApiError } from '../../lib/api';
import { api, messageBar } from '../../lib/api-instance';
import { loadLanguage } from '../../shared/api/language-pack';

/**
 * The language dropdown, each choice written in its own language. A native select: the phone's own
 * picker, announced well by every screen reader, and no popover code on the login page.
 */
export function LanguageMenu({
  facilityId,
  onChanged,
  tone = 'header',
}: {
  facilityId?: number;
  onChanged?: (locale: SupportedLocale) => void;
  tone?: 'header' | 'page';
}) {
  const { t, locale } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const current = locale;
  const choose = async (event: ChangeEvent<HTMLSelectElement>) => {
    const locale = resolveLocale(event.currentTarget.value);
    setBusy(true);
    try {
      await loadLanguage(locale, facilityId);
      onChanged?.(locale);
    } catch {
      messageBar.show({ type: 'error', key: 'messages.unexpectedError' });
      setBusy(false);
      return;
    }
    try {
      // A logged-in user's choice is saved to their account, by code that only logged-in pages load
      // (the user menu's module, already there for them).
      if (api.session.get()?.isAuthenticated) {
        await (await import('../../shared/api/save-language')).saveLanguage(locale);
      }
    } catch (error) {
      // The screen already speaks the new language; only remembering it for next time failed.
      if (!(error instanceof ApiError && error.isSessionTimeout)) {
        messageBar.show({ type: 'error', key: 'language.notSaved' });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={`portal-language portal-language--${tone}`}>
      <label htmlFor={id} className="portal-language__label">
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
        </svg>
        <span className="portal-visually-hidden">{t('app.languageMenuLabel')}</span>
      </label>
      <select id={id} value={current} onChange={(e) => void choose(e)} disabled={busy} aria-busy={busy}>
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale === 'zh' ? 'zh-CN' : locale}>
            {LOCALE_DISPLAY_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
