import type { NotificationSettingType } from '@portal/contracts';
import type { Db, Tx } from '../../db/client';
import type { MailSenderLog } from '../../platform/mail/sender';
import {
  claimWaitingNotices,
  markNoticeQueued,
  type NoticeKind,
  type WaitingNotice,
} from '../../platform/notices/ledger';
import { findNotificationPreferences } from '../../platform/notifications/preferences';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { queueNotice, type NoticeSenders, type QueuedNotice } from './notice-delivery';
import { findMessageThreadId, findNoticePatients } from './notices.repository';

// The immediate notices: what the intakes recorded in the ledger (platform/notices/ledger.ts) is queued here, one
// notice per transaction (its mail, its SMS and the ledger's queued_at together), by the patient's settings.

/**
 * The settings row whose channels each notice follows. The settings page has rows for messages and questionnaires
 * only: a new result, note or education article is news in the portal like a message, so it follows that row.
 */
const SETTING_OF: Record<NoticeKind, NotificationSettingType> = {
  message: 'SecureMessages',
  questionnaire: 'Questionnaires',
  result: 'SecureMessages',
  note: 'SecureMessages',
  education: 'SecureMessages',
};

const PAGE_OF: Record<Exclude<NoticeKind, 'message'>, string> = {
  questionnaire: '/questionnaires',
  result: '/test-results',
  note: '/medical-notes',
  education: '/education-articles',
};

/** Notices queued per run at most; the next run continues. */
const MAX_PER_RUN = 200;

export interface NoticesJobOptions {
  db: Db;
  senders: NoticeSenders;
  log: MailSenderLog;
  /** Called after a run that queued mail or texts (the senders' kicks). */
  onQueued?: (queued: QueuedNotice) => void;
}

/** Queues every waiting immediate notice; answers how many mails and texts were queued. */
export async function deliverWaitingNotices(options: NoticesJobOptions, now: Date): Promise<QueuedNotice> {
  const total: QueuedNotice = { mails: 0, texts: 0 };
  for (let i = 0; i < MAX_PER_RUN; i++) {
    let claimed: WaitingNotice | undefined;
    try {
      const queued = await options.db.transaction(async (tx) => {
        [claimed] = await claimWaitingNotices(tx, 1);
        if (!claimed) return undefined;
        const result = await queueWaitingNotice(tx, options.senders, claimed);
        await markNoticeQueued(tx, claimed, now);
        return result;
      });
      if (!queued) break;
      total.mails += queued.mails;
      total.texts += queued.texts;
    } catch (err) {
      if (!claimed) throw err;
      // A notice that cannot be written (a facility without an alias) must not hold back every one behind it.
      options.log.error(
        { kind: claimed.kind, err: { message: (err as Error).message } },
        'notice could not be queued; dropped',
      );
      const dropped = claimed;
      await options.db.transaction((tx) => markNoticeQueued(tx, dropped, now));
    }
  }
  if (total.mails || total.texts) options.onQueued?.(total);
  return total;
}

async function queueWaitingNotice(tx: Tx, senders: NoticeSenders, notice: WaitingNotice): Promise<QueuedNotice> {
  const none = { mails: 0, texts: 0 };
  const [preference] = await findNotificationPreferences(tx, [notice.patientId]);
  const patient = (await findNoticePatients(tx, [notice.patientId])).get(notice.patientId);
  if (!preference || !patient) return none;
  let path: string;
  if (notice.kind === 'message') {
    const threadId = await findMessageThreadId(tx, notice.patientId, Number(notice.subjectId));
    if (threadId === undefined) return none;
    path = `/secure-messages?isAutoRedirect=true&threadId=${threadId}`;
  } else {
    path = PAGE_OF[notice.kind];
  }
  return queueNotice(
    tx,
    senders,
    { preference, patient, type: SETTING_OF[notice.kind], path, toRepresentatives: true },
    { kind: 'notice', notice: notice.kind },
  );
}

export function noticesJob(options: NoticesJobOptions, everyMs = 5_000): ScheduledJob {
  return {
    name: 'immediate-notices',
    everyMs,
    run: (now) => deliverWaitingNotices(options, now).then(() => undefined),
  };
}
