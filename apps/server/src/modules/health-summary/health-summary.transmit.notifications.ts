import { HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { directSends, type DirectSendStatus } from '../../db/schema/index';
import { writeAudit } from '../../platform/audit/audit';
import type { DeliveryNotification } from '../../platform/direct/mdn';

// A Direct send's record (direct_sends) and what its delivery notifications do to it (ADR 0016): 'processed' when
// the receiving HISP took the message, then 'delivered' (MDN dispatched or displayed) or 'failed' (MDN failed, a
// DSN's failed action), both final. Each change is also an activity row of the patient (the send's audit event with
// the outcome), so the patient and the facility see it where the send itself is listed. Identifiers only.

export interface DirectSendRecord {
  messageId: string;
  patientId: number;
  facilityId: number | null;
  actorUserId: number | null;
  externalSystemId: number;
  ccdaIds: number[];
  recipientDomain: string;
  mode: 'smime' | 'hisp';
}

export async function recordDirectSend(tx: DbOrTx, record: DirectSendRecord): Promise<void> {
  await tx.insert(directSends).values(record);
}

export type NotificationResult =
  | { outcome: 'recorded'; status: DirectSendStatus }
  | { outcome: 'unchanged'; status: DirectSendStatus }
  | { outcome: 'unknown_message' };

/** Which statuses a notification's outcome may move a send from: never back, never out of a final one. */
const FROM: Record<'processed' | 'delivered' | 'failed', DirectSendStatus[]> = {
  processed: ['sent'],
  delivered: ['sent', 'processed'],
  failed: ['sent', 'processed'],
};

/**
 * Applies a notification to the send it answers. A notification naming no send of the portal is answered as
 * such (a relay may hand on every MDN the facility's address gets); one whose sender's domain is not the send's
 * recipient's is the same (an MDN is the recipient's to send); one that changes nothing (a second 'processed', a
 * DSN 'delayed') is 'unchanged'.
 */
export async function applyDirectNotification(
  db: Db,
  notification: DeliveryNotification,
  /** The facility whose system hands it on: another facility's send is none of its business. */
  facilityId?: number,
): Promise<NotificationResult> {
  return db.transaction(async (tx) => {
    const [send] = await tx
      .select()
      .from(directSends)
      .where(eq(directSends.messageId, notification.originalMessageId))
      .for('update')
      .limit(1);
    if (!send || (facilityId !== undefined && send.facilityId !== facilityId)) {
      return { outcome: 'unknown_message' as const };
    }
    const answerer = notification.from;
    if (notification.kind === 'mdn' && answerer && answerer.slice(answerer.lastIndexOf('@') + 1) !== send.recipientDomain) {
      return { outcome: 'unknown_message' as const };
    }
    const next = notification.outcome;
    if (!next || !FROM[next].includes(send.status)) return { outcome: 'unchanged' as const, status: send.status };
    const detail = `${notification.kind} ${notification.disposition}`.slice(0, 200);
    await tx
      .update(directSends)
      .set({
        status: next,
        statusDetail: detail,
        ...(next === 'processed' ? { processedAt: sql`now()` } : { completedAt: sql`now()` }),
      })
      .where(and(eq(directSends.id, send.id), eq(directSends.status, send.status)));
    await writeAudit(tx, {
      eventType: HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT,
      outcome: next === 'failed' ? 'failure' : 'success',
      patientId: send.patientId,
      facilityId: send.facilityId,
      detail: {
        ifSystemId: send.externalSystemId,
        ccdaIds: send.ccdaIds,
        transmitType: 'sendSecurely',
        recipientDomain: send.recipientDomain,
        delivery: next,
        notification: notification.kind,
        disposition: notification.disposition,
        ...(notification.finalDestination ? { finalDestination: true } : {}),
      },
    });
    return { outcome: 'recorded' as const, status: next };
  });
}

/** The sends of a patient with their delivery status, newest first (for the record and its tests). */
export function directSendsOf(db: DbOrTx, patientId: number) {
  return db
    .select({
      messageId: directSends.messageId,
      ccdaIds: directSends.ccdaIds,
      recipientDomain: directSends.recipientDomain,
      status: directSends.status,
      statusDetail: directSends.statusDetail,
      sentAt: directSends.sentAt,
    })
    .from(directSends)
    .where(eq(directSends.patientId, patientId))
    .orderBy(sql`${directSends.sentAt} desc, ${directSends.id} desc`);
}
