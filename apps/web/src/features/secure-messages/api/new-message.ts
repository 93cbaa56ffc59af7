import { IDEMPOTENCY_KEY_HEADER, type NewThreadBody, type SentMessage } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { secureMessagesPath } from './keys';

/**
 * POST .../SecureMessages/new/{careProviderId} { subject, content }: a new thread to a care team member; answers
 * its threadId. The idempotency key makes a retry of the same message answer the one already stored.
 */
export function sendNewMessage(
  patientId: number,
  careProviderId: number,
  body: NewThreadBody,
  idempotencyKey: string,
): Promise<SentMessage> {
  return api.post<SentMessage>(`${secureMessagesPath(patientId)}/new/${careProviderId}`, body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
