import { Box, Container, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { registerBadgeSources } from '../../badge-sources';
import { useCurrentPatient } from '../../../shared/api/current-patient';
import { useTranslation } from '../../../lib/i18n';
import { WithQueries } from '../../../lib/with-queries';
import { ThemeRoot } from '../../ThemeRoot';
import { MobileMenu } from './MobileMenu';
import { NavLinks as Links, NavTabs as Tabs } from './NavParts';
import classes from './nav.module.css';
import { UserMenu } from './lazy-parts';
import { useNav } from './use-nav';
import { useWideWindow } from './wide-window';

export { preloadWideParts } from './lazy-parts';

// The header's navigation: loaded on demand once someone is logged in (the login page's JavaScript
// budget carries none of it). Each part brings the query cache it reads through and the library's theme.

registerBadgeSources();

function withQueries<P extends object>(Part: ComponentType<P>) {
  const Wrapped = (props: P) => (
    <WithQueries>
      <ThemeRoot>
        <Part {...props} />
      </ThemeRoot>
    </WithQueries>
  );
  Wrapped.displayName = `WithQueries(${Part.displayName ?? Part.name})`;
  return Wrapped;
}

/**
 * After the language menu: with the full navigation the user menu on wide windows and the menu button
 * below the large window size (1200 px); otherwise (kiosk, terms not yet accepted) the user menu with Log Out.
 * Only the one the window shows is rendered, so a phone loads no code of the user menu's dropdown.
 */
function Menus() {
  const nav = useNav();
  const wide = useWideWindow();
  if (nav.mode === 'none') return null;
  if (nav.mode !== 'full') return <UserMenu />;
  return wide ? (
    <Box visibleFrom="lg">
      <UserMenu />
    </Box>
  ) : (
    <Box hiddenFrom="lg">
      <MobileMenu />
    </Box>
  );
}

/** 'You are viewing the health information for Jane Doe.' under the header, for a representative. */
function RepresentativeLine() {
  const { t } = useTranslation();
  const { isRepresentative, patient } = useCurrentPatient();
  if (!isRepresentative || !patient) return null;
  return (
    // A labelled region: nothing of the page sits outside a landmark (issue 32, finding 18).
    <Box
      component="section"
      aria-label={t('nav.representativeRegion')}
      className={classes.representative}
      py={8}
      data-testid="representative-line"
    >
      <Container size="lg">
        <Text size="sm" fw={600}>
          {t('nav.representativeLine', { patientFirstName: patient.firstName, patientLastName: patient.lastName })}
        </Text>
      </Container>
    </Box>
  );
}

export const NavTabs = withQueries(Tabs);
export const NavLinks = withQueries(Links);
export const NavMenus = withQueries(Menus);
export const NavRepresentativeLine = withQueries(RepresentativeLine);
