import { isKioskMode } from '@portal/contracts';
import { Suspense, useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Container } from '../../components/light/layout';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import { api, messageBar, SESSION_ENDED_EVENT } from '../../lib/api-instance';
import { useFocusHeadingOnRouteChange } from './focus-heading';
import { Footer } from './Footer';
import { Header } from './Header';
import { RepresentativeLine } from './lazy-nav';
import { MessageBar } from './MessageBar';
import { lazyComponent } from '../../lib/lazy-component';

// Only a kiosk user's session loads the idle watch: the shared device returns to the kiosk start by itself. Like
// the navigation, it brings the query cache and the theme the shell goes without.
const KioskIdleWatch = lazyComponent(async () => {
  const [{ default: Watch }, { WithQueries }, { ThemeRoot }] = await Promise.all([
    import('../../features/kiosk/components/KioskIdleWatch'),
    import('../../lib/with-queries'),
    import('../ThemeRoot'),
  ]);
  return function KioskIdleWatchInFrame() {
    return (
      <WithQueries>
        <ThemeRoot>
          <Watch />
        </ThemeRoot>
      </WithQueries>
    );
  };
}).Component;

/** Header, the representative line, message bar, the page, footer: the frame of every screen. */
export function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    messageBar.routeChanged();
  }, [location.pathname]);
  useFocusHeadingOnRouteChange(location.pathname);

  // The session timed out: back to the login page (the kiosk's own one for a kiosk page), where the
  // message bar says why.
  useEffect(() => {
    const toLogin = () =>
      void navigate(isKioskMode(window.location.pathname, null) ? '/kioskLogin' : '/login', { replace: true });
    window.addEventListener(SESSION_ENDED_EVENT, toLogin);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, toLogin);
  }, [navigate]);

  // Read on every render: a login or logout is always followed by a navigation, which renders the shell.
  const session = api.session.get();

  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <a href="#main-content" className="portal-skip-link">
        {t('app.skipToContent')}
      </a>
      <Header authenticated={Boolean(session?.isAuthenticated)} loginType={session?.loginType} />
      {session?.isAuthenticated && (
        <Suspense fallback={null}>
          <RepresentativeLine />
        </Suspense>
      )}
      {session?.isAuthenticated && session.loginType?.toLowerCase() === 'patientkioskuser' && (
        <Suspense fallback={null}>
          <KioskIdleWatch />
        </Suspense>
      )}
      <MessageBar />
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        style={{ flex: '1 1 0%', paddingBlock: 'var(--mantine-spacing-lg)', width: '100%' }}
      >
        <Suspense fallback={<PagePlaceholder label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </div>
  );
}
