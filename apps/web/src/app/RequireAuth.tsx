import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PagePlaceholder } from '../components/PagePlaceholder';
import { loginProfileQuery } from '../shared/api/login-profile';
import { api } from '../lib/api-instance';
import { decideGuard } from './guard';
import { NoPatientPage } from './pages/NoPatientPage';

/**
 * Wraps every authenticated route: login, email and terms rules, decided in one place; a user with no
 * patient to show gets the notice that says so, whatever page they open.
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = api.session.get();
  const profile = useQuery({ ...loginProfileQuery(), enabled: Boolean(session?.isAuthenticated) });
  const outcome = decideGuard({
    location: location.pathname + location.search,
    session,
    profile: profile.data,
  });
  if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
  if (outcome.kind === 'wait') return <PagePlaceholder label={t('app.loading')} />;
  if (outcome.kind === 'noPatient') return <NoPatientPage switchedOff={Boolean(profile.data?.accessSwitchedOff)} />;
  return <Outlet />;
}
