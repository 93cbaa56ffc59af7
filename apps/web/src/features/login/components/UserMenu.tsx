import { Box, Button, Menu, Text } from '@mantine/core';
import { isKioskMode, type SupportedLocale } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { loginProfileQuery } from '../../../lib/login-profile';
import { queryClient } from '../../../lib/query-client';

/**
 * Saves a logged-in user's language (spec 000 section 4): representatives and single sign-on users
 * through the user call, patients through the patient call. Kiosk and link users' choice only changes
 * the screen. The header's language menu calls it from this module, which only logged-in pages load.
 */
export async function saveLanguage(locale: SupportedLocale): Promise<void> {
  const session = api.session.get();
  if (!session?.isAuthenticated || isKioskMode('', session.loginType)) return;
  const profile = await queryClient.fetchQuery(loginProfileQuery());
  const patientId = profile.ids.find((id) => id.idType === 'Patient')?.value;
  if (profile.isAuthorizedRepresentative || session.loginType.toLowerCase() === 'singlesignon' || !patientId) {
    if (profile.userId === null) return;
    await api.put(`/api/users/${profile.userId}/preferredLanguage`, undefined, { query: { ietfCode: locale } });
  } else {
    await api.put(`/api/patients/${patientId}/preferredLanguage`, undefined, { query: { language: locale } });
  }
  await queryClient.invalidateQueries({ queryKey: loginProfileQuery().queryKey });
}

function PersonIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

function Chevron() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/**
 * The user-name menu of the header (arrow keys move, Escape closes). Loaded only once someone is
 * logged in, so the login page does not carry the menu code. On phones the button shows an icon and
 * keeps the name as its label. Account settings and the other entries join it with their modules.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useQuery(loginProfileQuery());
  const name =
    (profile.data
      ? `${profile.data.firstName} ${profile.data.lastName}`.trim() || profile.data.userName
      : api.session.get()?.userName) || t('header.account');
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="outline"
          color="var(--portal-header-text)"
          c="var(--portal-header-text)"
          px="xs"
          h={40}
          aria-label={name}
          leftSection={<PersonIcon />}
          rightSection={
            <Box component="span" visibleFrom="sm" lh={0}>
              <Chevron />
            </Box>
          }
          maw="16rem"
          styles={{ section: { margin: 0 }, label: { gap: 6 } }}
        >
          <Text component="span" visibleFrom="sm" inherit ml={6} mr={4} truncate="end" maw="12rem">
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void navigate('/logout')}>{t('header.logOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
