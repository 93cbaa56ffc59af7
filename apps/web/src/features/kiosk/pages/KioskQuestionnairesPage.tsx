import { Stack, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { api } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** /kioskQuestionnaires: the kiosk staff's home. Only kiosk management sessions may use it. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle('kiosk.title');
  if (api.session.get()?.loginType.toLowerCase() !== 'patientkioskmanagement') {
    return <Navigate to="/kioskLogin" replace />;
  }
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('kiosk.title')}
      </Title>
    </Stack>
  );
}
