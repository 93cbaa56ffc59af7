import { queryOptions } from '@tanstack/react-query';
import type { MessageThreadDetail } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { secureMessagesKey, secureMessagesPath } from './keys';

/** GET .../SecureMessages/threads/{threadId}: the thread with its messages, oldest first (it marks nothing read). */
export const threadQuery = (patientId: number, threadId: number) =>
  queryOptions({
    queryKey: [...secureMessagesKey(patientId), 'thread', threadId],
    queryFn: ({ signal }) =>
      api.get<MessageThreadDetail>(`${secureMessagesPath(patientId)}/threads/${threadId}`, { signal }),
    staleTime: 0,
  });
