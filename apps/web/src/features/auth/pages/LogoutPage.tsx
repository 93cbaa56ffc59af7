import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';
import { logout } from '../../../shared/api/logout';
import { usePageTitle } from '../../../lib/use-page-title';

/** /logout (and the header's Log Out): ends the session, then shows the page that fits the login type. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle('logout.loggingOut');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then((next) => navigate(next, { replace: true }));
  }, [navigate]);
  return <DelayedLoader label={t('logout.loggingOut')} />;
}
