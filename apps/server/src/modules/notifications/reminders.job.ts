import type { NotificationSettingType } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { MailSenderLog } from '../../platform/mail/sender';
import { claimNoticeKey, isNoticeTaken, type LedgerKey } from '../../platform/notices/ledger';
import { findNotificationPreferences, type NotificationPreference } from '../../platform/notifications/preferences';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { channelsOf, queueNotice, type NoticeSenders, type QueuedNotice } from './notice-delivery';
import type { NoticeContent } from './notice-texts';
import { findNoticePatients, type NoticePatient } from './notices.repository';
import { daysBefore, digestOf, dueDigest, isReminderDue, reminderSendAt } from './reminder-timing';
import { findUpcomingAppointments, findUpcomingFollowUps, type UpcomingEvent } from './reminders.repository';

// The reminders and digests of appointments and follow-ups, at each patient's chosen timing (appointmentReminderOffset,
// followUpReminderOffset). Each is queued once: its ledger key (patient, kind, item or period, timing) is claimed in
// the transaction that queues its mail and SMS, so another instance, a restart or the next run queues nothing.

export interface RemindersJobOptions {
  db: Db;
  senders: NoticeSenders;
  log: MailSenderLog;
  onQueued?: (queued: QueuedNotice) => void;
}

type EventType = 'appointment' | 'followUp';

const SETTING_OF: Record<EventType, NotificationSettingType> = { appointment: 'Appointments', followUp: 'Followups' };
const PAGE_OF: Record<EventType, string> = { appointment: '/appointments', followUp: '/followup-plan' };
const KIND_OF: Record<EventType, { reminder: string; digest: string }> = {
  appointment: { reminder: 'appointment-reminder', digest: 'appointment-digest' },
  followUp: { reminder: 'follow-up-reminder', digest: 'follow-up-digest' },
};

interface Pending {
  key: LedgerKey;
  type: EventType;
  content: NoticeContent;
}

/** Queues every reminder and digest due at `now`; answers how many mails and texts were queued. */
export async function sendDueReminders(options: RemindersJobOptions, now: Date): Promise<QueuedNotice> {
  const events: Record<EventType, UpcomingEvent[]> = {
    appointment: await findUpcomingAppointments(options.db, now),
    followUp: await findUpcomingFollowUps(options.db, now),
  };
  const patientIds = [...new Set([...events.appointment, ...events.followUp].map((e) => e.patientId))];
  const total: QueuedNotice = { mails: 0, texts: 0 };
  for (let i = 0; i < patientIds.length; i += 500) {
    const ids = patientIds.slice(i, i + 500);
    const preferences = await findNotificationPreferences(options.db, ids);
    const patients = await findNoticePatients(options.db, ids);
    for (const preference of preferences) {
      const patient = patients.get(preference.patientId);
      if (!patient) continue;
      for (const type of ['appointment', 'followUp'] as const) {
        const mine = events[type].filter((e) => e.patientId === preference.patientId);
        for (const pending of dueNotices(now, type, preference, patient, mine)) {
          const queued = await queueOnce(options, preference, patient, pending, now);
          total.mails += queued.mails;
          total.texts += queued.texts;
        }
      }
    }
  }
  if (total.mails || total.texts) options.onQueued?.(total);
  return total;
}

/** What is due for one patient and one type at `now`, by their timing for it. */
export function dueNotices(
  now: Date,
  type: EventType,
  preference: NotificationPreference,
  patient: NoticePatient,
  events: UpcomingEvent[],
): Pending[] {
  const offsetId = type === 'appointment' ? preference.appointmentReminderOffset : preference.followUpReminderOffset;
  const days = daysBefore(offsetId);
  if (days !== undefined) {
    return events
      .filter((e) => isReminderDue(now, reminderSendAt(e.date, days, e.timeZoneId), e))
      .map((e) => ({
        key: { patientId: e.patientId, kind: KIND_OF[type].reminder, subjectId: String(e.id), offsetKey: `${days}d` },
        type,
        content: { kind: 'reminder', type, item: { date: e.date, time: e.time } },
      }));
  }
  const period = digestOf(offsetId);
  const digest = period && dueDigest(now, period, patient.facility.timeZoneId);
  if (!digest) return [];
  const items = events
    .filter((e) => e.date >= digest.from && e.date <= digest.to && e.startsAt.getTime() > now.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)
    .map((e) => ({ date: e.date, time: e.time }));
  if (items.length === 0) return [];
  return [
    {
      key: { patientId: patient.patientId, kind: KIND_OF[type].digest, subjectId: digest.key, offsetKey: period },
      type,
      content: { kind: 'digest', type, period, from: digest.from, to: digest.to, items },
    },
  ];
}

/**
 * One reminder in one transaction: nothing when the patient chose no channel for it (no ledger row either, so a
 * channel chosen later in the send window still brings it), else the ledger key and the mail and SMS together.
 */
async function queueOnce(
  options: RemindersJobOptions,
  preference: NotificationPreference,
  patient: NoticePatient,
  pending: Pending,
  now: Date,
): Promise<QueuedNotice> {
  const none = { mails: 0, texts: 0 };
  const target = {
    preference,
    patient,
    type: SETTING_OF[pending.type],
    path: PAGE_OF[pending.type],
    toRepresentatives: false,
  };
  const channels = channelsOf(options.senders, target);
  if (!channels.email && !channels.sms) return none;
  if (await isNoticeTaken(options.db, pending.key)) return none;
  try {
    return await options.db.transaction(async (tx) => {
      if (!(await claimNoticeKey(tx, pending.key, now))) return none;
      return queueNotice(tx, options.senders, target, pending.content);
    });
  } catch (err) {
    options.log.error({ kind: pending.key.kind, err: { message: (err as Error).message } }, 'reminder not queued');
    return none;
  }
}

export function remindersJob(options: RemindersJobOptions, everyMs = 5 * 60_000): ScheduledJob {
  return { name: 'reminders', everyMs, run: (now) => sendDueReminders(options, now).then(() => undefined) };
}
