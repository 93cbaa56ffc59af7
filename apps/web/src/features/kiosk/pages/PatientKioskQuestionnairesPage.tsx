import { Stack, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** /patientKioskQuestionnaires: the questionnaires of the patient at the kiosk or arriving by link. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle('kiosk.myQuestionnaires');
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('kiosk.myQuestionnaires')}
      </Title>
    </Stack>
  );
}
