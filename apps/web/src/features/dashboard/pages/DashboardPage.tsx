import { Grid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { useRevealWhenReady } from '../../../lib/page-loading';
import { capabilityReader } from '../../../lib/capabilities';
import { useCapabilities } from '../../../shared/api/capabilities';
import { useCurrentPatient } from '../../../shared/api/current-patient';
import type { PagePrefetch } from '../../../lib/fetch-ahead';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { careTeamQuery, fetchCareTeamAhead } from '../../../shared/api/care-team';
import { externalSystemsQuery, fetchExternalSystemsAhead } from '../../../shared/api/external-systems';
import { fetchPersonalContactsAhead, personalContactsQuery } from '../../../shared/api/personal-contacts';
import { canRequestHealthSummary } from '../../../shared/health-information';
import { fetchUpcomingAppointmentsAhead, upcomingAppointmentsQuery } from '../api/dashboard';
import { AppointmentsSection } from '../components/AppointmentsSection';
import { CareTeamSection } from '../components/CareTeamSection';
import { HealthSummarySection } from '../components/HealthSummarySection';
import { PersonalContactsSection } from '../components/PersonalContactsSection';
import { dashboardSections } from '../lib/sections';

/** The sections' calls, asked for as the app starts on the dashboard (see app/session-ahead.ts). */
export const prefetch: PagePrefetch = ({ patientId, capabilities }) => {
  const show = dashboardSections(capabilityReader(capabilities));
  if (show.appointments) void fetchUpcomingAppointmentsAhead(patientId);
  if (show.careTeam) void fetchCareTeamAhead(patientId);
  if (show.personalContacts) void fetchPersonalContactsAhead(patientId);
  if (show.healthSummary) void fetchExternalSystemsAhead(patientId);
};

/** How long the sections wait for each other's answers before each shows its own state. */
const WAIT_FOR_ALL_MS = 1500;

/**
 * True once every shown section has its first answer (or failure), or after a while: the sections then
 * appear together, in their full size, instead of each growing in turn and pushing the next one down.
 */
function useSectionsAnswered(patientId: number | null, show: ReturnType<typeof dashboardSections>) {
  const id = patientId ?? 0;
  const on = patientId !== null;
  const systems = useQuery({ ...externalSystemsQuery(id), enabled: on && show.healthSummary });
  const pending = [
    useQuery({ ...upcomingAppointmentsQuery(id), enabled: on && show.appointments }),
    useQuery({ ...careTeamQuery(id), enabled: on && show.careTeam }),
    useQuery({ ...personalContactsQuery(id), enabled: on && show.personalContacts }),
    systems,
  ].some((query) => query.isLoading);
  const [waited, setWaited] = useState(false);
  // Only while some section waits: once all have answered, the timer would render the whole page again for nothing.
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setWaited(true), WAIT_FOR_ALL_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return {
    answered: on && (!pending || waited),
    // The panel only where a system can give a summary, as the page it opens and the spec's rule have it (issue 32,
    // finding 14); a failed check keeps it, and its button says what it can.
    healthSummary: show.healthSummary && (systems.isError || canRequestHealthSummary(systems.data ?? [])),
  };
}

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
  const sections = dashboardSections(capabilities);
  const state = useSectionsAnswered(capabilities.loaded ? patientId : null, sections);
  const answered = useRevealWhenReady(state.answered);
  const show = { ...sections, healthSummary: state.healthSummary };
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('dashboard.welcome', { firstName: profile?.firstName ?? '' })}
      </Title>
      {!answered || patientId === null ? (
        <PagePlaceholder label={t('app.loading')} />
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
