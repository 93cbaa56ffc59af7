import { Box, Group, Menu, UnstyledButton } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { badgeCount } from '../../../lib/badges';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { CountBadge } from './Badge';
import { ChevronIcon, EnvelopeIcon } from './icons';
import { CONTACT_US, isCurrent, SECURE_MESSAGES, visibleResources, visibleTabs } from './nav-items';
import classes from './nav.module.css';
import { useNav } from './use-nav';

/** The tabs under the header's top row, from the large window size (1200 px) up; below it the menu has them. */
export function NavTabs() {
  const { t } = useTranslation();
  const nav = useNav();
  if (nav.mode !== 'full') return null;
  const tabs = visibleTabs(nav.capabilities);
  if (tabs.length === 0) return null;
  return (
    <Box component="nav" aria-label={t('nav.mainLabel')} visibleFrom="lg" data-testid="nav-tabs">
      <ul className={classes.tabs}>
        {tabs.map((tab) => (
          <li key={tab.path}>
            <NavLink to={tab.path} className={classes.tab}>
              {t(tab.label)}
              <CountBadge count={badgeCount(nav.badges, tab.module)} />
            </NavLink>
          </li>
        ))}
      </ul>
    </Box>
  );
}

/** Resources, Contact Us and the secure-messages envelope, in the top row on wide windows. */
export function NavLinks() {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const nav = useNav();
  if (nav.mode !== 'full') return null;
  const resources = visibleResources(nav.capabilities, facility.resources, t, locale);
  const resourcesCurrent = resources.some((item) => isCurrent(item, nav.pathname));
  return (
    <Group gap={4} wrap="nowrap" visibleFrom="lg">
      {resources.length > 0 && (
        <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <UnstyledButton className={classes.headerLink} data-current={resourcesCurrent || undefined}>
              {t('nav.resources')}
              <ChevronIcon />
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {resources.map((item) => (
              <Menu.Item
                key={item.path}
                component={Link}
                to={item.path}
                aria-current={isCurrent(item, nav.pathname) ? 'page' : undefined}
              >
                {t(item.label)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {nav.capabilities.hasModule(CONTACT_US.module) && (
        <NavLink to={CONTACT_US.path} className={classes.headerLink}>
          {t(CONTACT_US.label)}
        </NavLink>
      )}
      {nav.capabilities.hasModule(SECURE_MESSAGES.module) && (
        <NavLink to={SECURE_MESSAGES.path} className={classes.iconLink} data-testid="nav-secure-messages">
          <EnvelopeIcon />
          <span className="portal-visually-hidden">{t(SECURE_MESSAGES.label)}</span>
          <CountBadge count={badgeCount(nav.badges, SECURE_MESSAGES.module)} kind="unread" />
        </NavLink>
      )}
    </Group>
  );
}
