import { HEALTH_SUMMARY_SEND_SECURELY_AUDIT_EVENT } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { directSends, facilities, patients, users, type DirectSendStatus } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';
import { writeAudit } from '../../platform/audit/audit';
import type { DeliveryNotification } from '../../platform/direct/mdn';

/** The facility a sent summary comes from (the patient's home facility): its id and the names the message uses. */
export async function findSendingFacility(db: DbOrTx, scope: PatientScope) {
  const [row] = await db
    .select({ id: facilities.id, name: facilities.name, portalName: facilities.portalName })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, scope.patientId))
    .limit(1);
  if (!row) throw new Error(`Patient ${scope.patientId} has no home facility`);
  return row;
}

/**
 * Who asks for the mail: the account's name, and its email address only once the portal has confirmed it (the one
 * address the mail may name as its sender and reply to).
 */
export async function findSendingAccount(db: DbOrTx, scope: PatientScope) {
  const userId = scope.caller.userId;
  if (userId === null) throw new Error('A summary is sent by a user');
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isEmailConfirmed: users.isEmailConfirmed,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`User ${userId} not found`);
  const email = row.isEmailConfirmed ? (row.email?.trim() ?? '') : '';
  return { name: `${row.firstName} ${row.lastName}`.trim(), confirmedEmail: email === '' ? null : email };
}

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
    if (
      notification.kind === 'mdn' &&
      answerer &&
      answerer.slice(answerer.lastIndexOf('@') + 1) !== send.recipientDomain
    ) {
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
