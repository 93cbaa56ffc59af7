import { queryOptions } from '@tanstack/react-query';
import type { LoginProfile } from '@portal/contracts';
import { api } from '../../lib/api-instance';
import { answeredAhead, getTakingAhead } from '../../lib/fetch-ahead';
import { LOGIN_PROFILE_PATH } from '../../lib/session-paths';

export type { LoginProfile };

const LOGIN_PROFILE_KEY = ['loginProfile'] as const;

/**
 * Fetches the profile without the query cache (the login pages stay light) and hands it to the cache,
 * so the page after login does not ask again.
 */
export async function fetchLoginProfile(): Promise<LoginProfile> {
  const profile = await api.get<LoginProfile>(LOGIN_PROFILE_PATH);
  if (profile.userId !== null) api.session.setUserId(profile.userId);
  const { queryClient } = await import('../../lib/query-client');
  queryClient.setQueryData(LOGIN_PROFILE_KEY, profile);
  return profile;
}

/** GET api/patientportaluser/loginprofile: who is logged in. */
export const loginProfileQuery = () =>
  queryOptions({
    queryKey: LOGIN_PROFILE_KEY,
    queryFn: () => getTakingAhead<LoginProfile>(LOGIN_PROFILE_PATH),
    initialData: () => answeredAhead<LoginProfile>(LOGIN_PROFILE_PATH),
    staleTime: 60_000,
  });
