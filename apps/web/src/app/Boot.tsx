import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { RouterProvider } from 'react-router';
import { DelayedLoader } from '../components/DelayedLoader';
import type { Facility } from '@portal/contracts';
import { fetchFacility } from '../shared/api/facility';
import { ApiError } from '../lib/api';
import { api } from '../lib/api-instance';
import { FacilityContext } from '../lib/facility-context';
import { initialLocale, loadLanguage } from '../lib/i18n';
import { StatusPage } from './pages/StatusPage';
import { createRouter } from './router';

const router = createRouter();

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

/** Finds the facility from the host, loads its theme and language pack, then starts the router. */
function FacilityGate({ children }: { children: ReactNode }) {
  const [facility, setFacility] = useState<{ data?: Facility; error?: unknown }>({});
  const [languageReady, setLanguageReady] = useState(false);
  const notFound = facility.error instanceof ApiError && facility.error.status === 404;
  useThemeStylesheet(facility.data?.theme.id);

  useEffect(() => {
    let cancelled = false;
    fetchFacility(window.location.hostname).then(
      (data) => !cancelled && setFacility({ data }),
      (error: unknown) => !cancelled && setFacility({ error }),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (facility.data) api.session.setFacility(facility.data);
  }, [facility.data]);

  useEffect(() => {
    if (!facility.data && !notFound) return;
    let cancelled = false;
    loadLanguage(initialLocale(), facility.data?.facilityId)
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setLanguageReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [facility.data, notFound]);

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
      <RouterProvider router={router} />
    </FacilityGate>
  );
}
