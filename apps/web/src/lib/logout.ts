import { AUDIT_LOGOFF_EVENTS } from '@portal/contracts';
import type { LoginType } from '@portal/contracts';

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

export const KIOSK_LOGIN_PATH = '/kioskLogin';

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
