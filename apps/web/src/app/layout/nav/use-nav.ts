import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api } from '../../../lib/api-instance';
import { badgesQuery } from '../../../lib/badges';
import { useCapabilities } from '../../../shared/api/capabilities';
import { currentPatientId } from '../../../lib/session-paths';
import { useTranslation } from '../../../lib/i18n';
import { loginProfileQuery } from '../../../shared/api/login-profile';
import { useAfterPageShown } from '../../../lib/page-loading';
import { navMode } from './nav-items';

/** What every part of the header's navigation reads: the mode, the capabilities, the badge counts. */
export function useNav() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = api.session.get();
  const authenticated = Boolean(session?.isAuthenticated);
  const profile = useQuery({ ...loginProfileQuery(), enabled: authenticated });
  const capabilities = useCapabilities();
  const mode = navMode({
    path: location.pathname,
    loginType: session?.loginType,
    authenticated,
    profile: profile.data,
  });
  const patientId = currentPatientId(profile.data);
  // Counted once the capabilities are known, so a module the facility does not grant is never asked, and once
  // the page has shown (lib/page-loading.ts), so its own code and answers are not queued behind six counts.
  const pageShown = useAfterPageShown();
  const badges = useQuery({
    ...badgesQuery(patientId ?? 0, capabilities.hasModule),
    enabled: mode === 'full' && patientId !== null && capabilities.loaded && pageShown,
  });
  const userName =
    (profile.data
      ? `${profile.data.firstName} ${profile.data.lastName}`.trim() || profile.data.userName
      : session?.userName) || t('header.account');
  return { mode, capabilities, patientId, badges: badges.data, userName, pathname: location.pathname };
}
