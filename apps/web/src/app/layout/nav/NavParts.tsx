import { Box, Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { badgeCount } from '../../../lib/badges';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { CountBadge } from './Badge';
import { EnvelopeIcon } from './icons';
import { ResourcesMenu } from './lazy-parts';
import { CONTACT_US, SECURE_MESSAGES, visibleResources, visibleTabs } from './nav-items';
import classes from './nav.module.css';
import { useNav } from './use-nav';
import { useWideWindow } from './wide-window';

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

/** Resources, Contact Us and the secure-messages envelope, in the top row on wide windows (only there). */
export function NavLinks() {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const nav = useNav();
  const wide = useWideWindow();
  if (nav.mode !== 'full' || !wide) return null;
  const resources = visibleResources(nav.capabilities, facility.resources, t, locale);
  return (
    <Group gap={4} wrap="nowrap" visibleFrom="lg">
      {resources.length > 0 && <ResourcesMenu resources={resources} pathname={nav.pathname} />}
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
