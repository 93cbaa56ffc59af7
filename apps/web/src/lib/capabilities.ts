import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Capabilities, CapabilityDetail } from '@portal/contracts';
import { answeredAhead, getTakingAhead } from './fetch-ahead';
import { loginProfileQuery } from './login-profile';
import { capabilitiesPath } from './session-paths';

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

function findDetail(details: CapabilityDetail[] | undefined, path: string[]): CapabilityDetail | undefined {
  const [head, ...rest] = path;
  const found = details?.find((d) => d.fieldName === head);
  return rest.length === 0 ? found : findDetail(found?.details, rest);
}

/** Reads a capability tree: modules by name, and fields by their path under a module. */
export function capabilityReader(capabilities: Capabilities | undefined) {
  const module = (name: string) => capabilities?.modules.find((m) => m.moduleName === name);
  return {
    loaded: capabilities !== undefined,
    hasModule: (name: string) => module(name) !== undefined,
    /** hasField('Dashboard', 'PersonalContacts', 'InviteContact') */
    hasField: (moduleName: string, ...path: string[]) => findDetail(module(moduleName)?.details, path) !== undefined,
    field: (moduleName: string, ...path: string[]) => findDetail(module(moduleName)?.details, path),
  };
}
export type CapabilityReader = ReturnType<typeof capabilityReader>;

/** The logged-in user's capabilities; every module and dashboard section asks here. */
export function useCapabilities(): CapabilityReader {
  const profile = useQuery(loginProfileQuery());
  const userId = profile.data ? profile.data.userId : undefined;
  const capabilities = useQuery({ ...capabilitiesQuery(userId ?? null), enabled: userId !== undefined });
  return capabilityReader(capabilities.data);
}
