import { AUDIT_LOGOFF_EVENTS } from '@portal/contracts';
import type { LoginProfile, LoginType } from '@portal/contracts';
import { api, forgetCachedUserData, messageBar, whileLoggingOut } from '../../lib/api-instance';
import { forgetAhead } from '../../lib/fetch-ahead';
import { afterLogoutPath, KIOSK_LOGIN_PATH, kioskExitTarget, storedLoginType } from '../../lib/logout';
import { queryClient } from '../../lib/query-client';
import { loginProfileQuery } from './login-profile';

let running: Promise<string> | null = null;

/** Records the logoff (ending the session); answers the login profile it was made with, when there was one. */
async function recordLogoff(loginType: LoginType | null): Promise<LoginProfile | undefined> {
  let profile = queryClient.getQueryData<LoginProfile>(loginProfileQuery().queryKey);
  if (!profile) {
    try {
      profile = await queryClient.fetchQuery(loginProfileQuery());
    } catch {
      // No profile: the audit call below still ends the session under user 0.
    }
  }
  await api.post(`/api/users/${profile?.userId ?? 0}/audit/logoff`, {
    auditEventType: AUDIT_LOGOFF_EVENTS[loginType ?? 'userNamePassword'],
  });
  return profile;
}

/**
 * Logs out: records the logoff (which also ends the session on the server), then, whatever that call
 * answered, forgets the session, every cached answer (both keep the facility) and every message in the
 * message bar (an unconfirmed-email notice names the user's address and offers a Resend that would now
 * fail). Resolves to the page to show next. A kiosk user's device goes back to the kiosk login of the staff who
 * started the session: on another address, the browser is sent there (and the answer is this address's kiosk
 * login, should it stay). Two calls at once share one logout.
 */
export function logout(): Promise<string> {
  running ??= (async () => {
    const session = api.session.get();
    const loginType = storedLoginType(session?.loginType);
    let profile: LoginProfile | undefined;
    if (session) {
      try {
        profile = await whileLoggingOut(() => recordLogoff(loginType));
      } catch {
        // Logging out never fails for the user.
      }
    }
    api.session.clear();
    forgetAhead();
    await forgetCachedUserData();
    messageBar.clear();
    const next = afterLogoutPath(session ? loginType : null);
    if (session && loginType === 'patientKioskUser') {
      const exit = kioskExitTarget(profile?.kioskExitUrl, window.location.origin);
      if (exit && exit !== KIOSK_LOGIN_PATH) window.location.replace(exit);
    }
    return next;
  })().finally(() => {
    running = null;
  });
  return running;
}
