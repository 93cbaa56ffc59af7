import { Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { useFacility } from '../../lib/facility-context';
import { LanguageMenu } from './LanguageMenu';

function Brand() {
  const facility = useFacility();
  if (facility.hasLogo) {
    return (
      <img
        src={`/api/facilities/${facility.facilityId}/images/logoUrl`}
        alt={facility.facilityName}
        height={44}
        style={{ display: 'block', maxWidth: '100%', height: 44, width: 'auto' }}
      />
    );
  }
  return (
    <Text component="span" fw={700} fz={{ base: 'lg', sm: 'xl' }} c="var(--portal-header-text)">
      {facility.facilityName}
    </Text>
  );
}

/** Facility name or logo and the language menu; the navigation tabs join it with the home issue. */
export function Header({ authenticated }: { authenticated: boolean }) {
  const { t } = useTranslation();
  const facility = useFacility();
  return (
    <Box component="header" bg="var(--portal-header-bg)" c="var(--portal-header-text)" py="sm">
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          {authenticated ? (
            <Link to="/" aria-label={t('header.home', { facility: facility.facilityName })} style={{ minWidth: 0 }}>
              <Brand />
            </Link>
          ) : (
            <Box style={{ minWidth: 0 }}>
              <Brand />
            </Box>
          )}
          <LanguageMenu facilityId={facility.facilityId} />
        </Group>
      </Container>
    </Box>
  );
}
