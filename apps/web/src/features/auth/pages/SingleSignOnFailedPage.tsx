import { Anchor, Group } from '@mantine/core';
import { LOCALE_DISPLAY_NAMES, SUPPORTED_LOCALES, type SupportedLocale } from '@portal/contracts';
import { useState } from 'react';
import { messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { loadLanguage } from '../../../shared/api/language-pack';
import { usePageTitle } from '../../../lib/use-page-title';
import { MessagePanel } from '../components/MessagePanel';

const htmlLang = (locale: SupportedLocale) => (locale === 'zh' ? 'zh-CN' : locale);

/** /singleSignOnFailed: 'Login Failed', why, and one link per language that re-words the page. */
export function Component() {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const [busy, setBusy] = useState(false);
  usePageTitle('sso.failedTitle');

  const choose = async (next: SupportedLocale) => {
    setBusy(true);
    try {
      await loadLanguage(next, facility.facilityId);
    } catch {
      messageBar.show({ type: 'error', key: 'messages.unexpectedError' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <MessagePanel title={t('sso.failedTitle')} message={t('sso.failedMessage')}>
      <Group component="nav" aria-label={t('app.languageMenuLabel')} gap="md" aria-busy={busy}>
        {SUPPORTED_LOCALES.map((option) => (
          <Anchor
            key={option}
            component="button"
            type="button"
            lang={htmlLang(option)}
            underline="always"
            fw={option === locale ? 700 : 400}
            aria-current={option === locale ? 'true' : undefined}
            disabled={busy}
            onClick={() => void choose(option)}
          >
            {LOCALE_DISPLAY_NAMES[option]}
          </Anchor>
        ))}
      </Group>
    </MessagePanel>
  );
}
