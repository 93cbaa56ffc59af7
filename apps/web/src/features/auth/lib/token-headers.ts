import type { TOKEN_HEADERS } from '@portal/contracts';

/**
 * The /token headers, typed against the contract's constant: the browser takes only types from
 * contracts' api/ files (a value import would pull zod into the bundle), and the type keeps them equal.
 */
export const HEADERS: typeof TOKEN_HEADERS = {
  logonProcess: 'logon-process',
  ssoId: 'sso-id',
  patientId: 'patient-id',
  linkData: 'link-data',
  lastName: 'last-name',
  birthDate: 'birth-date',
};

/** The empty credentials of the header-based logins (single sign-on, kiosk user, link). */
export const EMPTY_CREDENTIALS = { grant_type: 'password', username: '', password: '' };
