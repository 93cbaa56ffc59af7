import { isKioskMode, mayLackEmail, skipsTermsOfUse } from '@portal/contracts';
import { homePage } from './home-path';

export interface GuardInput {
  /** Path and query of the page asked for. */
  location: string;
  session: { isAuthenticated: boolean; loginType: string } | null;
  /** The login profile; undefined while it loads. */
  profile: { email: string | null; isEulaAccepted: boolean; ids: readonly unknown[] } | undefined;
}

export type GuardOutcome =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  /** Logged in, but no patient's record to show (a representative whose access was switched off). */
  | { kind: 'noPatient' };

const PROVIDE_EMAIL = '/provide-email';
const TERMS = ['/termsofuse'];

/** What kiosk and link users may open: questionnaires only (spec 001 section 6). */
const QUESTIONNAIRE_PAGES = [
  '/patientkioskquestionnaires',
  '/complete-kiosk-questionnaire',
  '/questionnaires',
  '/complete-questionnaire',
  '/questionnaire-scoring',
  '/review-questionnaire',
];
/** What kiosk staff may open: the kiosk list only. */
const KIOSK_STAFF_PAGES = ['/kioskquestionnaires'];

/** The pages a login type is limited to, or null for the patient portal's login types. */
function pagesOf(loginType: string): string[] | null {
  switch (loginType.toLowerCase()) {
    case 'patientkioskmanagement':
      return KIOSK_STAFF_PAGES;
    case 'patientkioskuser':
    case 'patientlinkuser':
      return QUESTIONNAIRE_PAGES;
    default:
      return null;
  }
}

/**
 * The one rule for every authenticated page: a login; kiosk staff only on the kiosk list, kiosk and link
 * users only on questionnaires (anything else sends them to their page); then an email address (except
 * for the login types that may lack one), accepted terms (except for kiosk and link users), and a patient
 * whose record the pages show (the terms and email pages excepted).
 */
export function decideGuard({ location, session, profile }: GuardInput): GuardOutcome {
  const path = (location.split('?')[0] ?? '').toLowerCase();
  if (!session?.isAuthenticated) {
    if (isKioskMode(path, null)) return { kind: 'redirect', to: '/kioskLogin' };
    return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(location)}` };
  }
  const limitedTo = pagesOf(session.loginType);
  if (limitedTo) {
    return limitedTo.includes(path) ? { kind: 'allow' } : { kind: 'redirect', to: homePage(session.loginType) };
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
  if (profile.ids.length === 0 && !TERMS.includes(path) && path !== PROVIDE_EMAIL) {
    return { kind: 'noPatient' };
  }
  return { kind: 'allow' };
}
