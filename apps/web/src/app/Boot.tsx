import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { DelayedLoader } from '../components/DelayedLoader';
import type { Facility } from '@portal/contracts';
import { fetchFacility } from '../shared/api/facility';
import { ApiError } from '../lib/api';
import { api } from '../lib/api-instance';
import { FacilityContext } from '../lib/facility-context';
import { initialLocale } from '../lib/i18n';
import { loadLanguage } from '../shared/api/language-pack';
import { preloadNavigation } from './layout/lazy-nav';
import { StatusPage } from './pages/StatusPage';
import { AppRoutes, pagePreloader, preloadFirstPage } from './router';
import { registerPagePreloader } from '../lib/page-preload';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { askSessionAhead, profileAskedAtStart } from './session-ahead';
import { BlockingRouter } from '../lib/blocking-router';
import { warmIntlSoon } from '../lib/warm-intl';

/** The facility this tab showed last (kept in session storage), when it looks like one. */
function lastFacility(): Facility | undefined {
  const stored = api.session.getFacility<Partial<Facility>>();
  return typeof stored?.facilityId === 'number' && typeof stored.theme?.id === 'number'
    ? (stored as Facility)
    : undefined;
}

/**
 * What the first screen waits for, asked for at once as the app's code runs: the facility of this host,
 * and the language pack, at the same time when this tab knows the facility already (its overrides are
 * the facility's); a logged-in session's own answers; the code of the page the address shows.
 */
function start() {
  registerPagePreloader(pagePreloader);
  const known = lastFacility();
  const facility = fetchFacility(window.location.hostname);
  const facilityId = known ? Promise.resolve(known.facilityId) : facility.then((f) => f.facilityId);
  const language = facilityId
    .catch(() => undefined)
    .then((id) => loadLanguage(initialLocale(), id))
    .catch(() => undefined);
  // A failure shows through the facility's own state below.
  facility.catch(() => undefined);
  const session = askSessionAhead();
  preloadFirstPage(session);
  if (session) {
    preloadNavigation();
    warmIntlSoon(initialLocale(), known?.timeZone.id);
  }
  return { known, facility, language };
}

const boot = start();

function useThemeStylesheet(themeId: number | undefined) {
  useEffect(() => {
    if (themeId === undefined) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `/api/themes/${themeId}/css`;
    link.dataset.portalTheme = String(themeId);
    document.head.appendChild(link);
    return () => link.remove();
  }, [themeId]);
}

function PortalNotFound() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('portalNotFound.title');
  }, [t]);
  return (
    <main id="main-content" style={{ padding: 16 }}>
      <StatusPage title={t('portalNotFound.title')} message={t('portalNotFound.message')} />
    </main>
  );
}

/**
 * Provides the facility of the host, with its theme, once the language pack is in (and, for a page behind
 * the login, the login profile, which the header and the page both need); the facility this tab knew
 * serves until the fresh answer replaces it.
 */
function FacilityGate({ children }: { children: ReactNode }) {
  const [facility, setFacility] = useState<{ data?: Facility; error?: unknown }>({ data: boot.known });
  const [languageReady, setLanguageReady] = useState(false);
  const notFound = facility.error instanceof ApiError && facility.error.status === 404;
  useThemeStylesheet(facility.data?.theme.id);

  useEffect(() => {
    let cancelled = false;
    boot.facility.then(
      (data) => !cancelled && setFacility({ data }),
      (error: unknown) => !cancelled && setFacility({ error }),
    );
    // The whole app renders when the language is in: as a transition, React renders it in slices between which
    // the browser stays responsive, not in one long task (on a slow phone it was the page's longest).
    void Promise.all([boot.language, profileAskedAtStart()]).then(
      () => !cancelled && startTransition(() => setLanguageReady(true)),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!facility.data) return;
    api.session.setFacility(facility.data);
    // The facility this tab knew was another one: its language pack (with that facility's overrides) too.
    if (boot.known && boot.known.facilityId !== facility.data.facilityId) {
      loadLanguage(initialLocale(), facility.data.facilityId).catch(() => undefined);
    }
  }, [facility.data]);

  if (facility.error !== undefined && !notFound) {
    return (
      <main style={{ padding: 16 }}>
        <StatusPage
          title="Patient portal"
          message="The portal is temporarily unavailable. Please try again in a few minutes."
        />
      </main>
    );
  }
  if (!languageReady) return <DelayedLoader />;
  if (notFound || !facility.data) return <PortalNotFound />;
  return <FacilityContext.Provider value={facility.data}>{children}</FacilityContext.Provider>;
}

export function Boot() {
  return (
    <FacilityGate>
      <BlockingRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BlockingRouter>
    </FacilityGate>
  );
}
