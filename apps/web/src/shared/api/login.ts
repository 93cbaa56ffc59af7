import type { LoginProfile } from '@portal/contracts';
import { api, forgetCachedUserData } from '../../lib/api-instance';
import { forgetAhead } from '../../lib/fetch-ahead';
import { fetchLoginProfile } from './login-profile';

/**
 * POST /token for a new session. Whatever was cached for an earlier session goes first, so the new
 * one never sees another user's answers.
 */
export async function logIn(form: Record<string, string>, headers?: Record<string, string>): Promise<void> {
  forgetAhead();
  await forgetCachedUserData();
  await api.token(form, headers);
}

/** The fresh login profile of the session that just started. */
export function loadProfile(): Promise<LoginProfile> {
  return fetchLoginProfile();
}
