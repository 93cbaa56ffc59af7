import { queryOptions } from '@tanstack/react-query';
import type { MessageThread } from '@portal/contracts';
import { fetchAhead, getTakingAhead } from '../../../lib/fetch-ahead';
import { secureMessagesKey, secureMessagesPath } from './keys';

/**
 * GET .../SecureMessages?includeArchived=true: every thread of the patient, current and archived, newest last
 * message first. One call serves both filters (the page filters by the patient member's isArchived), so switching
 * between Current and Archive shows at once.
 */
export const threadsPath = (patientId: number) => `${secureMessagesPath(patientId)}?includeArchived=true`;

export const threadsQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...secureMessagesKey(patientId), 'threads'],
    queryFn: ({ signal }) => getTakingAhead<MessageThread[]>(threadsPath(patientId), signal),
    // A message from the care team may arrive at any time: the list is asked again on every visit.
    staleTime: 0,
  });

/** Every thread, asked for as the app starts on the page (lib/fetch-ahead.ts), for its query to take. */
export const fetchThreadsAhead = (patientId: number) => fetchAhead<MessageThread[]>(threadsPath(patientId));
