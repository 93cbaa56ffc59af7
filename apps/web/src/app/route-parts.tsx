import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PagePlaceholder } from '../components/PagePlaceholder';
import { kioskEntrySecretOf } from '../features/kiosk/lib/kiosk-entry-path';
import { api } from '../lib/api-instance';
import { homePage } from './home-path';
import { page } from './lazy-page';

/** '/': the user's home page once logged in, else the login page. */
export function Home() {
  const session = api.session.get();
  return <Navigate to={session?.isAuthenticated ? homePage(session.loginType) : '/login'} replace />;
}

/**
 * A login form opened while logged in goes to the user's home page instead (the dashboard, or the kiosk
 * types' own page). Decided once, as the page opens, so a login completing on the page is not cut short:
 * the page itself goes on to where the login leads.
 */
export function LoggedOutOnly({ children }: { children: ReactNode }) {
  const [home] = useState(() => {
    const session = api.session.get();
    return session?.isAuthenticated ? homePage(session.loginType) : null;
  });
  return home ? <Navigate to={home} replace /> : children;
}

const NotFoundPage = page(() => import('./pages/NotFoundPage')).Component;

/** The kiosk login of the facility a kiosk entry secret names, in place of the entry address; else not found. */
function KioskEntry({ secret }: { secret: string }) {
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void import('../features/kiosk/lib/kiosk-entry')
      .then(({ kioskLoginOf }) => kioskLoginOf(secret))
      .then((target) => {
        if (cancelled) return;
        if (!target) {
          setMissing(true);
          return;
        }
        const url = new URL(target, window.location.href);
        // Replacing the entry address, so Back does not come here again.
        if (url.origin === window.location.origin)
          void navigate(url.pathname + url.search + url.hash, { replace: true });
        else window.location.replace(url.href);
      });
    return () => {
      cancelled = true;
    };
  }, [secret, navigate]);
  return missing ? <NotFoundPage /> : <PagePlaceholder />;
}

/**
 * Any other address: a kiosk device's entry address, /kio{secret} (ADR 0010), goes on to its facility's
 * kiosk login (its code loads only for such a path); anything else is not found.
 */
export function CatchAll() {
  const secret = kioskEntrySecretOf(useLocation().pathname);
  return secret ? <KioskEntry key={secret} secret={secret} /> : <NotFoundPage />;
}
