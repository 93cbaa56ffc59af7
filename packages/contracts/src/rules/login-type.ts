export const LOGIN_TYPES = [
  'userNamePassword',
  'singleSignOn',
  'patientKioskManagement',
  'patientKioskUser',
  'patientLinkUser',
] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

const KIOSK_LOGIN_TYPES = new Set(['patientkioskmanagement', 'patientkioskuser', 'patientlinkuser']);

/** Kiosk mode: the path mentions the kiosk, or the login type is one of the kiosk or link types. */
export function isKioskMode(path: string, loginType: string | null | undefined): boolean {
  return path.toLowerCase().includes('kiosk') || KIOSK_LOGIN_TYPES.has((loginType ?? '').toLowerCase());
}

/** Login types that may go on without an email address. */
export function mayLackEmail(loginType: string | null | undefined): boolean {
  return ['singlesignon', 'patientkioskuser', 'patientlinkuser'].includes((loginType ?? '').toLowerCase());
}

/** Login types that see content without having accepted the terms of use. */
export function skipsTermsOfUse(loginType: string | null | undefined): boolean {
  return ['patientkioskuser', 'patientlinkuser'].includes((loginType ?? '').toLowerCase());
}
