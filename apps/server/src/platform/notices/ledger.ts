import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { sentNotices } from '../../db/schema/index';

// The ledger of notices (sent_notices, migration 0030): one row per notice, keyed (patient, kind, subject, offset),
// so each goes out once whatever repeats it (a resend of the item, a second instance, a restart). The intakes that
// store something new for a patient record its notice here in their own transaction (in platform, as no module
// imports another); the notices job of module notifications sends it by the patient's settings.

/** The immediate notices: a new message, questionnaire, test result, note or education article. */
export const NOTICE_KINDS = ['message', 'questionnaire', 'result', 'note', 'education'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface LedgerKey {
  patientId: number;
  /** A NoticeKind, or a reminder's ('appointment-reminder', 'follow-up-digest', ...). */
  kind: string;
  /** The item's id, or a digest's period. */
  subjectId: string;
  /** The reminder timing ('' for immediate notices). */
  offsetKey?: string;
}

/**
 * Records that the patient is to be told of a new item, in the caller's transaction: the notice exists only if the
 * item does, and the same item recorded again (a resend, a correction) is told once. The notices job sends it.
 */
export async function recordNotice(tx: Tx, patientId: number, kind: NoticeKind, subjectId: number): Promise<void> {
  await tx
    .insert(sentNotices)
    .values({ patientId, kind, subjectId: String(subjectId), offsetKey: '' })
    .onConflictDoNothing();
}

/**
 * Claims the key for a notice queued now (a reminder, in the transaction that queues its mail and SMS). False when
 * it was already taken: the notice went out before, or another instance is sending it.
 */
export async function claimNoticeKey(tx: DbOrTx, key: LedgerKey, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(sentNotices)
    .values({ ...key, offsetKey: key.offsetKey ?? '', createdAt: at, queuedAt: at })
    .onConflictDoNothing()
    .returning({ patientId: sentNotices.patientId });
  return rows.length === 1;
}

/** Whether a notice of this key has been queued already (reads only; claimNoticeKey decides). */
export async function isNoticeTaken(db: DbOrTx, key: LedgerKey): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sentNotices)
    .where(
      and(
        eq(sentNotices.patientId, key.patientId),
        eq(sentNotices.kind, key.kind),
        eq(sentNotices.subjectId, key.subjectId),
        eq(sentNotices.offsetKey, key.offsetKey ?? ''),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface WaitingNotice {
  patientId: number;
  kind: NoticeKind;
  subjectId: string;
}

/**
 * Immediate notices not yet queued, oldest first, locked for the caller's transaction (SKIP LOCKED: another
 * instance takes the others). The caller queues their mail and SMS and marks them with markNoticesQueued.
 */
export async function claimWaitingNotices(tx: Tx, limit: number): Promise<WaitingNotice[]> {
  const rows = await tx
    .select({ patientId: sentNotices.patientId, kind: sentNotices.kind, subjectId: sentNotices.subjectId })
    .from(sentNotices)
    .where(and(isNull(sentNotices.queuedAt), eq(sentNotices.offsetKey, '')))
    .orderBy(asc(sentNotices.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.filter((r): r is WaitingNotice => (NOTICE_KINDS as readonly string[]).includes(r.kind));
}

export async function markNoticeQueued(tx: Tx, notice: WaitingNotice, at: Date): Promise<void> {
  await tx
    .update(sentNotices)
    .set({ queuedAt: at })
    .where(
      and(
        eq(sentNotices.patientId, notice.patientId),
        eq(sentNotices.kind, notice.kind),
        eq(sentNotices.subjectId, notice.subjectId),
        eq(sentNotices.offsetKey, ''),
      ),
    );
}
