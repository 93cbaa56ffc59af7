import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Capabilities } from '@portal/contracts';
import { capabilityReader, type CapabilityReader } from '../../lib/capabilities';
import { answeredAhead, getTakingAhead } from '../../lib/fetch-ahead';
import { capabilitiesPath } from '../../lib/session-paths';
import { loginProfileQuery } from './login-profile';

/** What kiosk and link users get: they have no user id to ask with, and reach questionnaires only. */
const KIOSK_CAPABILITIES: Capabilities = { modules: [{ moduleName: 'Questionnaires', details: [] }] };

export const capabilitiesQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['capabilities', userId],
    queryFn: () =>
      userId === null ? Promise.resolve(KIOSK_CAPABILITIES) : getTakingAhead<Capabilities>(capabilitiesPath(userId)),
    initialData: () => (userId === null ? undefined : answeredAhead<Capabilities>(capabilitiesPath(userId))),
    staleTime: 10 * 60_000,
  });

/** The logged-in user's capabilities; every module and dashboard section asks here. */
export function useCapabilities(): CapabilityReader {
  const profile = useQuery(loginProfileQuery());
  const userId = profile.data ? profile.data.userId : undefined;
  const capabilities = useQuery({ ...capabilitiesQuery(userId ?? null), enabled: userId !== undefined });
  return capabilityReader(capabilities.data);
}
