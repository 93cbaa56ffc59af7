import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api, messageBar } from '../../../lib/api-instance';
import { AutoLoginStatus } from '../components/AutoLoginStatus';
import { sameSitePath } from '../../../lib/login-flow';
import { loadProfile, logIn } from '../../../shared/api/login';
import { EMPTY_CREDENTIALS, HEADERS } from '../lib/token-headers';

/** Where single sign-on lands: the redirect if it stays on this site (a target of / becomes /dashboard). */
export function singleSignOnTarget(redirect: string | null): string {
  const target = sameSitePath(redirect);
  return !target || target === '/' ? '/dashboard' : target;
}

/** /singleSignOn?id&redirect: logs in from the identity ticket in the address, with no form. */
export function Component() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  const redirect = search.get('redirect');

  const start = useCallback(async () => {
    let profile;
    try {
      if (!id) throw new Error('No single sign-on id in the address');
      await logIn(EMPTY_CREDENTIALS, { [HEADERS.logonProcess]: 'singleSignOn', [HEADERS.ssoId]: id });
      profile = await loadProfile();
    } catch {
      api.session.clear();
      await navigate('/singleSignOnFailed', { replace: true });
      return;
    }
    messageBar.dismiss();
    await navigate(profile.isEulaAccepted ? singleSignOnTarget(redirect) : '/termsOfUse', { replace: true });
  }, [id, redirect, navigate]);

  return <AutoLoginStatus start={start} />;
}
