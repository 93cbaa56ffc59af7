import { Box, Container, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useFacility } from '../../lib/facility-context';
import { useTranslation } from '../../lib/i18n';
import { LanguageMenu } from './LanguageMenu';

// Only logged-in pages show it: the login page's JavaScript budget does not carry the menu code.
const UserMenu = lazy(async () => {
  const [{ UserMenu: Menu }, { WithQueries }] = await Promise.all([
    import('../../features/login/components/UserMenu'),
    import('../../lib/with-queries'),
  ]);
  return {
    default: () => (
      <WithQueries>
        <Menu />
      </WithQueries>
    ),
  };
});

function Brand() {
  const facility = useFacility();
  if (facility.hasLogo) {
    return (
      <img
        src={`/api/facilities/${facility.facilityId}/images/logoUrl`}
        alt={facility.facilityName}
        height={44}
        style={{
          display: 'block',
          maxWidth: '100%',
          height: 44,
          width: 'auto',
          objectFit: 'contain',
          objectPosition: 'left center',
        }}
      />
    );
  }
  return (
    <Text component="span" fw={700} fz={{ base: 'lg', sm: 'xl' }} c="var(--portal-header-text)">
      {facility.facilityName}
    </Text>
  );
}

/** The home of a login type: the kiosk types have their own. */
export function homePath(loginType: string | null | undefined): string {
  switch ((loginType ?? '').toLowerCase()) {
    case 'patientkioskmanagement':
      return '/kioskQuestionnaires';
    case 'patientkioskuser':
    case 'patientlinkuser':
      return '/patientKioskQuestionnaires';
    default:
      return '/';
  }
}

/**
 * Facility name or logo, the language menu and, once logged in, the user menu with Log Out. For the
 * kiosk login types that is all there is; the navigation tabs join the others with the home issue.
 */
export function Header({ authenticated, loginType }: { authenticated: boolean; loginType?: string | null }) {
  const { t } = useTranslation();
  const facility = useFacility();
  return (
    <Box component="header" bg="var(--portal-header-bg)" c="var(--portal-header-text)" py="sm">
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          {authenticated ? (
            <Link
              to={homePath(loginType)}
              aria-label={t('header.home', { facility: facility.facilityName })}
              style={{ minWidth: 0 }}
            >
              <Brand />
            </Link>
          ) : (
            <Box style={{ minWidth: 0 }}>
              <Brand />
            </Box>
          )}
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <LanguageMenu facilityId={facility.facilityId} />
            {authenticated && (
              <Suspense fallback={null}>
                <UserMenu />
              </Suspense>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
