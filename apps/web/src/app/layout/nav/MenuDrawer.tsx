import { Divider, Drawer, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useOpenHealthInformation } from '../../../shared/health-information';
import { badgeCount } from '../../../lib/badges';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { CountBadge } from './Badge';
import { EnvelopeIcon } from './icons';
import { CONTACT_US, SECURE_MESSAGES, visibleResources, visibleTabs } from './nav-items';
import classes from './nav.module.css';
import { useNav } from './use-nav';

function Group({ label, children }: { label?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role={label ? 'group' : undefined} aria-labelledby={label ? id : undefined}>
      {label && (
        <Text id={id} size="sm" fw={700} c="dimmed" tt="uppercase" px={12} pt="xs" pb={4}>
          {label}
        </Text>
      )}
      <ul className={classes.drawerList}>{children}</ul>
    </div>
  );
}

/**
 * The phone menu's drawer: the tabs, secure messages, Resources, Contact Us and the user's own entries. Its
 * code (the drawer, its focus trap and scrolling) loads when the menu is first wanted (MobileMenu).
 */
export function MenuDrawer({ drawerId, opened, close }: { drawerId: string; opened: boolean; close: () => void }) {
  const { t, locale } = useTranslation();
  // Opened a frame after it mounts, even when it mounts to open: the drawer notes where the focus is as it
  // opens, to give it back as it closes (to the menu button).
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const facility = useFacility();
  const navigate = useNavigate();
  const nav = useNav();
  const health = useOpenHealthInformation(nav.patientId);
  const tabs = visibleTabs(nav.capabilities);
  const resources = visibleResources(nav.capabilities, facility.resources, t, locale);
  const link = (path: string, label: string, extra?: ReactNode, icon?: ReactNode) => (
    <li key={path}>
      <NavLink to={path} className={classes.drawerLink} onClick={close}>
        {icon}
        {label}
        {extra}
      </NavLink>
    </li>
  );
  // An entry that acts rather than goes somewhere: the drawer closes first, then the action runs.
  const action = (label: string, run: () => void) => (
    <li>
      <button
        type="button"
        className={classes.drawerLink}
        onClick={() => {
          close();
          run();
        }}
      >
        {label}
      </button>
    </li>
  );
  return (
    <Drawer
      id={drawerId}
      opened={opened && mounted}
      onClose={close}
      position="right"
      size="min(100%, 22rem)"
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      data-testid="nav-drawer"
    >
      <Stack gap="xs">
        <nav aria-label={t('nav.mainLabel')}>
          <Group>
            {tabs.map((tab) => link(tab.path, t(tab.label), <CountBadge count={badgeCount(nav.badges, tab.module)} />))}
            {nav.capabilities.hasModule(SECURE_MESSAGES.module) &&
              link(
                SECURE_MESSAGES.path,
                t(SECURE_MESSAGES.label),
                <CountBadge count={badgeCount(nav.badges, SECURE_MESSAGES.module)} kind="unread" />,
                <EnvelopeIcon size={20} />,
              )}
          </Group>
        </nav>
        {resources.length > 0 && (
          <>
            <Divider />
            <Group label={t('nav.resources')}>{resources.map((item) => link(item.path, t(item.label)))}</Group>
          </>
        )}
        {nav.capabilities.hasModule(CONTACT_US.module) && (
          <>
            <Divider />
            <Group>{link(CONTACT_US.path, t(CONTACT_US.label))}</Group>
          </>
        )}
        <Divider />
        <Group label={nav.userName}>
          {link('/account-settings', t('nav.accountSettings'))}
          {nav.capabilities.hasField('Dashboard', 'HealthSummary') &&
            action(t('nav.healthInformation'), () => void health.open())}
          {link('/personal-data', t('nav.personalData'))}
          {action(t('header.logOut'), () => void navigate('/logout'))}
        </Group>
      </Stack>
    </Drawer>
  );
}
