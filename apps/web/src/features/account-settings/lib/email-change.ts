import type { LoginProfile } from '@portal/contracts';

/**
 * Whether the change-email form asks for the current password: replacing an address needs it whenever the account
 * has a portal password, whatever the session (a single sign-on session too), as the server checks. A server that
 * does not say whether there is one is asked only in a password session, as before.
 */
export function emailChangeNeedsPassword(
  profile: Pick<LoginProfile, 'email' | 'hasPassword' | 'canChangePassword'>,
): boolean {
  return profile.email !== null && (profile.hasPassword ?? profile.canChangePassword);
}
