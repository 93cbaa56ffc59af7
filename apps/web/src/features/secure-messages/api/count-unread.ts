import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-instance';
import { secureMessagesKey, secureMessagesPath } from './keys';

/** GET .../SecureMessages/countUnread: current threads with a message the patient has not read. */
function fetchCountUnread(patientId: number): Promise<number> {
  return api
    .get<unknown>(`${secureMessagesPath(patientId)}/countUnread`)
    .then((count) => (typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0));
}

export const countUnreadQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...secureMessagesKey(patientId), 'countUnread'],
    // Not cancelled when the page that shows it goes: the header's badge reads through this query too.
    queryFn: () => fetchCountUnread(patientId),
    staleTime: 0,
  });
