import { Button, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { useOpenHealthInformation } from '../../../shared/health-information';
import { Section } from './Section';

/** The health summary panel: its button follows the user menu's Health Information rule. */
export function HealthSummarySection({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const { open, checking } = useOpenHealthInformation(patientId);
  return (
    <Section title={t('dashboard.healthSummaryTitle')} testId="dashboard-health-summary">
      <Text mb="md">{t('dashboard.healthSummaryText')}</Text>
      <Button onClick={() => void open()} loading={checking}>
        {t('dashboard.healthSummaryButton')}
      </Button>
    </Section>
  );
}
