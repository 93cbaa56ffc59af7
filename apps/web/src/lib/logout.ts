import { AUDIT_LOGOFF_EVENTS } from '@portal/contracts';
import type { LoginProfile, LoginType } from '@portal/contracts';
import { api, forgetCachedUserData, messageBar, whileLoggingOut } from './api-instance';
import { forgetAhead } from './fetch-ahead';
import { loginProfileQuery } from './login-profile';
import { queryClient } from './query-client';

/** The stored login type in the contract's casing, or null when unknown. */
export function storedLoginType(value: string | null | undefined): LoginType | null {
  const wanted = (value ?? '').toLowerCase();
  return (Object.keys(AUDIT_LOGOFF_EVENTS) as LoginType[]).find((type) => type.toLowerCase() === wanted) ?? null;
}

/** Where the browser goes after logout: by login type (spec 000 section 4). */
export function afterLogoutPath(loginType: string | null | undefined): string {
  switch (storedLoginType(loginType)) {
    case 'singleSignOn':
      return '/ssoLogout';
    case 'patientKioskManagement':
    case 'patientKioskUser':
      return '/kioskLogin';
    // A patient who came by a link is not at a kiosk (issue 32, finding 15): the logout-success page.
    default:
      return '/logout-success';
  }
}

const KIOSK_LOGIN_PATH = '/kioskLogin';

/**
 * Where a kiosk user's logout takes the device: the login profile's kioskExitUrl, the kiosk login of the facility
 * whose staff started the session (docs/adr/0010-kiosk-entry.md), as a path when it is on this origin, else the
 * whole address. Only an http(s) address of a /kioskLogin page counts, and only from the server's profile, never
 * from the address bar (no open redirect); null when there is none, and the kiosk login here is the way back.
 */
export function kioskExitTarget(exitUrl: unknown, currentOrigin: string): string | null {
  if (typeof exitUrl !== 'string' || exitUrl === '') return null;
  let url: URL;
  try {
    url = new URL(exitUrl);
  } catch {
    return null;
  }
  const plain = !url.username && !url.password && !url.search && !url.hash;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== KIOSK_LOGIN_PATH || !plain) {
    return null;
  }
  return url.origin === currentOrigin ? KIOSK_LOGIN_PATH : url.href;
}

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
