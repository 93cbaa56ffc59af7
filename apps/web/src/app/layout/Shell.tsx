import { Box, Container } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { api, messageBar, SESSION_ENDED_EVENT } from '../../lib/api-instance';
import { Footer } from './Footer';
import { Header } from './Header';
import { MessageBar } from './MessageBar';

/** Header, message bar, the page, footer: the frame of every screen. */
export function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    messageBar.routeChanged();
  }, [location.pathname]);

  useEffect(() => {
    const toLogin = () => void navigate('/login', { replace: true });
    window.addEventListener(SESSION_ENDED_EVENT, toLogin);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, toLogin);
  }, [navigate]);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main-content" className="portal-skip-link">
        {t('app.skipToContent')}
      </a>
      <Header authenticated={Boolean(api.session.get()?.isAuthenticated)} />
      <MessageBar />
      <Container component="main" id="main-content" tabIndex={-1} size="lg" py="lg" w="100%" style={{ flex: 1 }}>
        <Suspense fallback={<DelayedLoader label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}
