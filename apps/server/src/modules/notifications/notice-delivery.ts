import type { NotificationSettingType } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { facilityLinkBase, type LinkSettings } from '../../platform/mail/links';
import { isPlausibleAddress, type MailOutbox } from '../../platform/mail/outbox';
import type { NotificationPreference } from '../../platform/notifications/preferences';
import { isPlausibleSmsNumber, type SmsOutbox } from '../../platform/sms/outbox';
import { findNoticeRepresentatives, type NoticePatient } from './notices.repository';
import { noticeMail, noticeSms, type NoticeContent } from './notice-texts';

// Queues one notice (an immediate one, a reminder or a digest) for one patient by the channels they chose for its
// type: the mail to their notice address (and, for an immediate notice, to each active authorised representative's
// confirmed address), the text to their SMS number. Always in the caller's transaction, with the ledger row.

export interface NoticeSenders {
  outbox: MailOutbox;
  smsOutbox: SmsOutbox;
  /** Where links in a facility's mails point (PUBLIC_URL, else the facility's canonical alias). */
  links: LinkSettings;
  /** False in production without SMTP_URL: nothing would deliver the mail, so none is queued. */
  canSendMail: boolean;
  /** False in production without SMS_URL. Outside production texts wait in the developer SMS inbox. */
  canSendSms: boolean;
}

export interface NoticeTarget {
  preference: NotificationPreference;
  patient: NoticePatient;
  /** The settings row that decides the channels. */
  type: NotificationSettingType;
  /** The portal page the notice links to (path and query). */
  path: string;
  /** Immediate notices reach the representatives too; reminders and digests go to the patient only. */
  toRepresentatives: boolean;
}

export interface QueuedNotice {
  mails: number;
  texts: number;
}

/** The channels the target will get, before anything is written (nothing chosen: the notice is not recorded). */
export function channelsOf(senders: NoticeSenders, target: NoticeTarget) {
  const choice = target.preference.channels[target.type];
  return {
    email: senders.canSendMail && choice.email,
    sms: senders.canSendSms && choice.sms && isPlausibleSmsNumber(target.preference.smsPhoneNumber ?? ''),
  };
}

export async function queueNotice(
  tx: Tx,
  senders: NoticeSenders,
  target: NoticeTarget,
  content: NoticeContent,
): Promise<QueuedNotice> {
  const channels = channelsOf(senders, target);
  if (!channels.email && !channels.sms) return { mails: 0, texts: 0 };
  const { facility } = target.patient;
  const base = await facilityLinkBase(tx, senders.links, facility.id);
  if (!base) throw new Error(`Facility ${facility.id} has no alias to build notice links from`);
  const url = `${base}${target.path}`;
  const common = { portalName: facility.portalName, url, timeZoneId: facility.timeZoneId };
  const patientLanguage = target.preference.language ?? facility.language;
  const queued: QueuedNotice = { mails: 0, texts: 0 };

  if (channels.email) {
    const recipients = [
      { email: target.preference.email ?? '', name: target.patient.firstName, language: patientLanguage, rep: false },
    ];
    if (target.toRepresentatives) {
      for (const r of await findNoticeRepresentatives(tx, target.patient.patientId)) {
        recipients.push({ email: r.email, name: r.firstName, language: r.language ?? facility.language, rep: true });
      }
    }
    const sent = new Set<string>();
    for (const r of recipients) {
      const address = r.email.trim().toLowerCase();
      // An address the outbox would refuse must not cost the others their notice.
      if (sent.has(address) || !isPlausibleAddress(r.email)) continue;
      sent.add(address);
      const mail = noticeMail(content, { ...common, language: r.language, name: r.name, forRepresentative: r.rep });
      await senders.outbox.enqueue(tx, {
        to: r.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        facilityId: facility.id,
      });
    }
    queued.mails = sent.size;
  }
  if (channels.sms) {
    const body = noticeSms(content, { ...common, language: patientLanguage, name: '', forRepresentative: false });
    await senders.smsOutbox.enqueue(tx, { to: target.preference.smsPhoneNumber ?? '', body, facilityId: facility.id });
    queued.texts = 1;
  }
  return queued;
}
