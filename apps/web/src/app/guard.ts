import { isKioskMode, mayLackEmail, skipsTermsOfUse } from '@portal/contracts';

export interface GuardInput {
  /** Path and query of the page asked for. */
  location: string;
  session: { isAuthenticated: boolean; loginType: string } | null;
  /** The login profile; undefined while it loads. */
  profile: { email: string | null; isEulaAccepted: boolean } | undefined;
}

export type GuardOutcome = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

const PROVIDE_EMAIL = '/provide-email';
const TERMS = ['/termsofuse'];

/**
 * The one rule for every authenticated page: a login, then an email address (except for the login
 * types that may lack one), then accepted terms (except for kiosk and link users).
 */
export function decideGuard({ location, session, profile }: GuardInput): GuardOutcome {
  const path = (location.split('?')[0] ?? '').toLowerCase();
  if (!session?.isAuthenticated) {
    if (isKioskMode(path, null)) return { kind: 'redirect', to: '/kioskLogin' };
    return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(location)}` };
  }
  if (!profile) return { kind: 'wait' };
  if (!profile.email && !mayLackEmail(session.loginType) && path !== PROVIDE_EMAIL) {
    return { kind: 'redirect', to: PROVIDE_EMAIL };
  }
  if (
    !profile.isEulaAccepted &&
    !skipsTermsOfUse(session.loginType) &&
    !TERMS.includes(path) &&
    path !== PROVIDE_EMAIL
  ) {
    return { kind: 'redirect', to: '/termsOfUse' };
  }
  return { kind: 'allow' };
}
