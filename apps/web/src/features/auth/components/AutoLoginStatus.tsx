import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * The screen of a login that needs no typing (single sign-on, kiosk user): runs `start` once (a
 * ticket is single-use, so not again on a re-render or React's development double effect) and
 * says what is happening meanwhile.
 */
export function AutoLoginStatus({ start }: { start: () => Promise<void> }) {
  const { t } = useTranslation();
  usePageTitle('autoLogin.title');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);
  return (
    <Center py="xl">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text>{t('autoLogin.message')}</Text>
      </Stack>
    </Center>
  );
}
