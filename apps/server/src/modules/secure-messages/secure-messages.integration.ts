import type { IntegrationProviderMessage } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors/app-error';
import { putProviderMessage, type ProviderMessageOutcome } from './secure-messages.intake';
import { findActiveProviderIdByExternalId } from './secure-messages.integration.repository';
import { noticeNewMessage, type NoticeDeps } from './secure-messages.notices';
import type { IntegrationPatientId } from '../../platform/integration/integration-patients';

// A care provider's message as the facility's system puts it (integration API): the provider by the facility's
// identifier, the message store, and the email notice of a message that is new.

export const MESSAGE_PROVIDER_NOT_FOUND_MESSAGE =
  'Your facility has no care provider with this providerExternalId (or it has been withdrawn): put the provider ' +
  'first (PUT /integration/v1/care-providers/{externalId}).';

/** How far ahead of the portal's clock a sentAt may be: the sender's clock may run a little fast. */
const SENT_AT_SKEW_MS = 5 * 60_000;

/**
 * Stores the message for the patient in the caller's transaction and, when it is new (not a resend), queues the
 * notice for the patient and their representatives in the same transaction.
 */
export async function putMessageFromFacility(
  tx: Tx,
  deps: NoticeDeps,
  input: { facilityId: number; patientId: IntegrationPatientId; externalId: string; body: IntegrationProviderMessage },
): Promise<ProviderMessageOutcome> {
  const { body } = input;
  const sentAt = body.sentAt === undefined ? undefined : new Date(body.sentAt);
  // A message dated ahead would stay at the top of the patient's list, above every message that really came later.
  if (sentAt && sentAt.getTime() > Date.now() + SENT_AT_SKEW_MS) {
    throw badRequest('validation_failed', 'sentAt: a message cannot have been written in the future', 'sentAt');
  }
  const careProviderId = await findActiveProviderIdByExternalId(tx, input.facilityId, body.providerExternalId);
  if (careProviderId === undefined) {
    throw new AppError(404, 'not_found', MESSAGE_PROVIDER_NOT_FOUND_MESSAGE, 'providerExternalId');
  }
  const outcome = await putProviderMessage(tx, input.patientId, input.externalId, {
    careProviderId,
    thread: 'threadId' in body.thread ? { threadId: body.thread.threadId } : { subject: body.thread.subject },
    content: body.content,
    contentFormat: body.contentFormat,
    ...(body.replyAllowed !== undefined && { replyAllowed: body.replyAllowed }),
    ...(sentAt && { sentAt }),
  });
  if (outcome.created) await noticeNewMessage(tx, input.patientId, outcome.id);
  return outcome;
}
