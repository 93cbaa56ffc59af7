import { Burger } from '@mantine/core';
import { Suspense, useId, useState } from 'react';
import { refreshBadges } from '../../../lib/badges';
import { lazyComponent } from '../../../lib/lazy-component';
import { useTranslation } from '../../../lib/i18n';
import classes from './nav.module.css';
import { useNav } from './use-nav';

const drawer = lazyComponent(async () => (await import('./MenuDrawer')).MenuDrawer);
const MenuDrawer = drawer.Component;
const preloadDrawer = () => void drawer.preload().catch(() => undefined);

/**
 * Below the large window size (1200 px): a menu button that opens a drawer with the tabs, secure messages,
 * Resources, Contact Us and the user's own entries. Opening it asks for fresh badge counts. The drawer's
 * code loads as the button is approached (pointer, touch, focus), else when it is first opened.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const nav = useNav();
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const drawerId = useId();
  const total = Object.values(nav.badges ?? {}).reduce<number>((sum, n) => sum + (n ?? 0), 0);

  const open = () => {
    refreshBadges();
    setWanted(true);
    setOpened(true);
  };
  const close = () => setOpened(false);

  return (
    <>
      <span
        className={classes.burgerWrap}
        onPointerEnter={preloadDrawer}
        onTouchStart={preloadDrawer}
        onFocus={preloadDrawer}
      >
        <Burger
          opened={opened}
          onClick={() => (opened ? close() : open())}
          className={classes.burger}
          color="var(--portal-header-text)"
          size="sm"
          aria-label={total > 0 ? `${t('nav.menu')} (${t('nav.badgeNew', { count: total })})` : t('nav.menu')}
          aria-expanded={opened}
          aria-controls={opened ? drawerId : undefined}
          data-testid="nav-menu-button"
        />
        {total > 0 && (
          <span className={classes.badge} aria-hidden="true">
            {total > 99 ? '99+' : total}
          </span>
        )}
      </span>
      {wanted && (
        <Suspense fallback={null}>
          <MenuDrawer drawerId={drawerId} opened={opened} close={close} />
        </Suspense>
      )}
    </>
  );
}
