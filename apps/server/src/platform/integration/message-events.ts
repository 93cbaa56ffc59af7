import { and, eq, inArray, sql } from 'drizzle-orm';
import type { IntegrationEventMessage } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { careProviders, messageThreads, patients, secureMessages } from '../../db/schema/index';
import { messageTextOf } from '../content/sanitize';

// What a message.sent event carries (docs/integration.md, section 4): the message a patient or representative
// wrote, with its thread, the care provider the thread is with (by the facility's identifier, so its system can
// put the message in the right inbox) and who typed it. The event feed, and so the webhooks, read it for a whole
// page of events in one query. It lives in the platform because the integration module reads the secure
// messages' tables, and no module imports another.

/** Subject and text are plain text as typed; content is the stored, allowlisted HTML (issue 31, finding 15). */
const MESSAGE_CONTENT_TYPES = { subject: 'text/plain', content: 'text/html', text: 'text/plain' } as const;

/**
 * The facility's messages written on the patient's side among `messageIds`, by id: one query for any number (an
 * event page's worth). Another facility's messages, and a care provider's, are not there.
 */
export async function sentMessagesOf(
  db: DbOrTx,
  facilityId: number,
  messageIds: readonly number[],
): Promise<Map<number, IntegrationEventMessage>> {
  const out = new Map<number, IntegrationEventMessage>();
  if (messageIds.length === 0) return out;
  const rows = await db
    .select({
      messageId: secureMessages.id,
      threadId: secureMessages.threadId,
      threadExternalId: messageThreads.externalId,
      subject: messageThreads.subject,
      content: secureMessages.content,
      sentAt: secureMessages.sentAt,
      // A thread is stored with the message that begins it, so that message has the thread's lowest id.
      newThread: sql<boolean>`${secureMessages.id} = (select min(earliest.id) from secure_messages earliest where earliest.thread_id = ${secureMessages.threadId})`,
      careProviderId: messageThreads.careProviderId,
      providerExternalId: careProviders.externalId,
      authorFirstName: secureMessages.authorFirstName,
      authorLastName: secureMessages.authorLastName,
      proxyFirstName: secureMessages.proxyAuthorFirstName,
      proxyLastName: secureMessages.proxyAuthorLastName,
    })
    .from(secureMessages)
    .innerJoin(messageThreads, eq(messageThreads.id, secureMessages.threadId))
    .innerJoin(patients, eq(patients.id, secureMessages.patientId))
    .innerJoin(careProviders, eq(careProviders.id, messageThreads.careProviderId))
    .where(
      and(
        inArray(secureMessages.id, [...messageIds]),
        secureMessages.fromPatient,
        eq(patients.homeFacilityId, facilityId),
      ),
    );
  for (const row of rows) {
    // The author is the person who typed it: a representative writing on the patient's behalf, else the patient.
    const byRepresentative = row.proxyFirstName !== null || row.proxyLastName !== null;
    out.set(row.messageId, {
      threadId: row.threadId,
      threadExternalId: row.threadExternalId,
      messageId: row.messageId,
      subject: row.subject,
      content: row.content,
      text: messageTextOf(row.content),
      contentTypes: MESSAGE_CONTENT_TYPES,
      sentAt: row.sentAt.toISOString(),
      newThread: Boolean(row.newThread),
      provider: { careProviderId: row.careProviderId, externalId: row.providerExternalId },
      author: byRepresentative
        ? { firstName: row.proxyFirstName ?? '', lastName: row.proxyLastName ?? '', relationship: 'representative' }
        : { firstName: row.authorFirstName, lastName: row.authorLastName, relationship: 'self' },
    });
  }
  return out;
}
