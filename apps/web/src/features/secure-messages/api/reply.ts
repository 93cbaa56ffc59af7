import { IDEMPOTENCY_KEY_HEADER, type ReplyBody, type SentMessage } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { secureMessagesPath } from './keys';

/** POST .../SecureMessages/threads/{threadId}/messages { content }: a reply in a thread, under its idempotency key. */
export function sendReply(
  patientId: number,
  threadId: number,
  body: ReplyBody,
  idempotencyKey: string,
): Promise<SentMessage> {
  return api.post<SentMessage>(`${secureMessagesPath(patientId)}/threads/${threadId}/messages`, body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
