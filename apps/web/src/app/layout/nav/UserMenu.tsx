import { Box, Button, Menu, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useOpenHealthInformation } from '../../../shared/health-information';
import { useTranslation } from '../../../lib/i18n';
import { ChevronIcon, PersonIcon } from './icons';
import { useNav } from './use-nav';

/**
 * The user-name menu (arrow keys move, Escape closes): Account Settings, Health Information (with the
 * dashboard HealthSummary field), Personal Data & Privacy and Log Out; only Log Out for the kiosk
 * types and until the terms are accepted. On phones the button shows an icon and keeps the name as
 * its label.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nav = useNav();
  const health = useOpenHealthInformation(nav.patientId);
  const full = nav.mode === 'full';
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="outline"
          color="var(--portal-header-text)"
          c="var(--portal-header-text)"
          px="xs"
          h={40}
          aria-label={nav.userName}
          leftSection={<PersonIcon />}
          rightSection={
            <Box component="span" visibleFrom="sm" lh={0}>
              <ChevronIcon />
            </Box>
          }
          maw="16rem"
          styles={{ section: { margin: 0 }, label: { gap: 6 } }}
        >
          <Text component="span" visibleFrom="sm" inherit ml={6} mr={4} truncate="end" maw="12rem">
            {nav.userName}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {full && (
          <>
            <Menu.Item component={Link} to="/account-settings">
              {t('nav.accountSettings')}
            </Menu.Item>
            {nav.capabilities.hasField('Dashboard', 'HealthSummary') && (
              <Menu.Item onClick={() => void health.open()}>{t('nav.healthInformation')}</Menu.Item>
            )}
            <Menu.Item component={Link} to="/personal-data">
              {t('nav.personalData')}
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Item onClick={() => void navigate('/logout')}>{t('header.logOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
