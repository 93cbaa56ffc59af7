import { Grid, Stack, Title } from '@mantine/core';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useCapabilities } from '../../../lib/capabilities';
import { useCurrentPatient } from '../../../lib/current-patient';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { AppointmentsSection } from '../components/AppointmentsSection';
import { CareTeamSection } from '../components/CareTeamSection';
import { HealthSummarySection } from '../components/HealthSummarySection';
import { PersonalContactsSection } from '../components/PersonalContactsSection';
import { dashboardSections } from '../lib/sections';

/**
 * The home page after login: 'Welcome, {firstName}' and the sections the Dashboard capability lists, in
 * a grid: appointments beside the health summary on wide screens, then the care team and the personal
 * contacts at full width; one column on phones.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle('dashboard.title');
  const capabilities = useCapabilities();
  const { patientId, profile } = useCurrentPatient();
  const show = dashboardSections(capabilities);
  const ready = capabilities.loaded && patientId !== null;
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('dashboard.welcome', { firstName: profile?.firstName ?? '' })}
      </Title>
      {!ready ? (
        <DelayedLoader label={t('app.loading')} />
      ) : (
        <Grid gap="lg">
          {show.appointments && (
            <Grid.Col span={{ base: 12, md: show.healthSummary ? 8 : 12 }}>
              <AppointmentsSection patientId={patientId} canRequest={show.requestAppointment} />
            </Grid.Col>
          )}
          {show.healthSummary && (
            <Grid.Col span={{ base: 12, md: show.appointments ? 4 : 12 }}>
              <HealthSummarySection patientId={patientId} />
            </Grid.Col>
          )}
          {show.careTeam && (
            <Grid.Col span={12}>
              <CareTeamSection patientId={patientId} hasSecureMessages={show.secureMessages} />
            </Grid.Col>
          )}
          {show.personalContacts && (
            <Grid.Col span={12}>
              <PersonalContactsSection patientId={patientId} canEdit={show.addContact} />
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
