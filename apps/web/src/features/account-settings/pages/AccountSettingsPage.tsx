import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { useCurrentPatient } from '../../../shared/api/current-patient';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { notificationPageQuery } from '../api/account-settings';
import { ChangeEmailCard } from '../components/ChangeEmailCard';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { NotificationSettingsCard } from '../components/NotificationSettingsCard';
import { RegistrationDetailsCard } from '../components/RegistrationDetailsCard';

/**
 * /account-settings (spec 002, 2.8): the user's own email and password (a representative's are theirs), then the
 * patient's notification settings and registration details. Kiosk and link users have no account: the dashboard.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle('accountSettings.title');
  const { patientId, profile, isRepresentative } = useCurrentPatient();
  const settings = useQuery({ ...notificationPageQuery(patientId ?? 0), enabled: patientId !== null });
  if (!profile) return <PagePlaceholder label={t('app.loading')} />;
  if (profile.userId === null) return <Navigate to="/dashboard" replace />;
  const user = { ...profile, userId: profile.userId };
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{t('accountSettings.title')}</Title>
      <ChangeEmailCard profile={user} usePrimaryEmail={settings.data?.usePrimaryEmail ?? true} />
      {profile.canChangePassword && <ChangePasswordCard userId={user.userId} facilityId={profile.facilityId} />}
      {patientId !== null && (
        <>
          {isRepresentative && <Text>{t('accountSettings.patientPart')}</Text>}
          <NotificationSettingsCard patientId={patientId} />
          <RegistrationDetailsCard patientId={patientId} />
        </>
      )}
    </Stack>
  );
}
