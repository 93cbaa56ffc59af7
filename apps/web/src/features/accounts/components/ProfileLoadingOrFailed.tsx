import { Text } from '@mantine/core';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';

/** What a page that needs the login profile shows until it has it: the loader, or the error when it failed. */
export function ProfileLoadingOrFailed({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  if (!failed) return <DelayedLoader label={t('app.loading')} />;
  return (
    <Text role="alert" ta="center" py="xl">
      {t('messages.unexpectedError')}
    </Text>
  );
}
