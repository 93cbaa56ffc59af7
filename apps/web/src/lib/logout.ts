import { AUDIT_LOGOFF_EVENTS } from '@portal/contracts';
import type { LoginProfile, LoginType } from '@portal/contracts';
import { api, forgetCachedUserData, messageBar, whileLoggingOut } from './api-instance';
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
    case 'patientLinkUser':
      return '/kioskLogin';
    default:
      return '/logout-success';
  }
}

let running: Promise<string> | null = null;

async function recordLogoff(loginType: LoginType | null): Promise<void> {
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
}

/**
 * Logs out: records the logoff (which also ends the session on the server), then, whatever that call
 * answered, forgets the session, every cached answer (both keep the facility) and every message in the
 * message bar (an unconfirmed-email notice names the user's address and offers a Resend that would now
 * fail). Resolves to the page to show next. Two calls at once share one logout.
 */
export function logout(): Promise<string> {
  running ??= (async () => {
    const session = api.session.get();
    const loginType = storedLoginType(session?.loginType);
    if (session) {
      try {
        await whileLoggingOut(() => recordLogoff(loginType));
      } catch {
        // Logging out never fails for the user.
      }
    }
    api.session.clear();
    await forgetCachedUserData();
    messageBar.clear();
    return afterLogoutPath(session ? loginType : null);
  })().finally(() => {
    running = null;
  });
  return running;
}
