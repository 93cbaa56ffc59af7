import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-instance';
import { secureMessagesKey, secureMessagesPath } from './keys';

/** GET .../SecureMessages/countUnread: current threads with a message the patient has not read. */
export function fetchCountUnread(patientId: number, signal?: AbortSignal): Promise<number> {
  return api
    .get<unknown>(`${secureMessagesPath(patientId)}/countUnread`, { signal })
    .then((count) => (typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0));
}

export const countUnreadQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...secureMessagesKey(patientId), 'countUnread'],
    queryFn: ({ signal }) => fetchCountUnread(patientId, signal),
    staleTime: 0,
  });
