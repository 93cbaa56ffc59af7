import type { MessageThread } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import type { ThreadPatchOperation } from '../lib/threads';
import { secureMessagesPath } from './keys';

/**
 * PATCH .../SecureMessages/threads/{threadId} with a JSON Patch (application/json-patch+json): archive or unarchive
 * (/isArchived), or mark the messages read (/members/{threadMemberId}/areMessagesReviewed). Answers the thread.
 */
export function patchThread(
  patientId: number,
  threadId: number,
  operations: readonly ThreadPatchOperation[],
): Promise<MessageThread> {
  return api.patch<MessageThread>(`${secureMessagesPath(patientId)}/threads/${threadId}`, operations, {
    headers: { 'Content-Type': 'application/json-patch+json' },
  });
}
