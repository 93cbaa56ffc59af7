import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { loginProfileQuery } from '../../../lib/login-profile';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** The home page after login: 'Welcome, {firstName}'; its widgets come with the home issue. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle('dashboard.title');
  const profile = useQuery(loginProfileQuery());
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('dashboard.welcome', { firstName: profile.data?.firstName ?? '' })}
      </Title>
    </Stack>
  );
}
