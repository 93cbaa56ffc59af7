import type { Tx } from '../../db/client';
import { facilityLinkBase, type LinkSettings } from '../../platform/mail/links';
import { isPlausibleAddress, type MailOutbox } from '../../platform/mail/outbox';
import { newMessageMail } from '../../platform/mail/templates';
import { findNoticeRecipients } from './secure-messages.notices.repository';

// The email that tells a patient, and each of their active authorised representatives, that a care provider's
// message is waiting in the portal. It carries no health information at all (no subject, content, sender or
// patient name): only that a message is waiting and the link that opens it after signing in.

export interface NoticeDeps {
  outbox: MailOutbox;
  /** Where links in a facility's mails point (PUBLIC_URL, else the facility's canonical alias). */
  links: LinkSettings;
  /** False in production without SMTP: nothing would deliver the mail, so none is queued. */
  canSendMail: boolean;
}

/** The portal's page that opens the thread at once, as the notice links to it. */
export function threadLink(base: string, threadId: number): string {
  return `${base}/secure-messages?isAutoRedirect=true&threadId=${threadId}`;
}

/**
 * Queues the notice of a new message in `threadId` for the patient's own account and every active authorised
 * representative's, each in the recipient's language, in the caller's transaction: the mails exist only if the
 * message does. Only confirmed addresses: an address never confirmed may be a typo, and telling a stranger that
 * someone has messages from a cancer centre is itself a disclosure. An address shared by several recipients gets
 * one mail. Answers how many mails were queued.
 *
 * The settings issue will gate this by the patient's notification choices (secureMessageEmailEnabled, and
 * usePrimaryEmail / nonPrimaryEmailAddress for where the patient's goes) and add the SMS notice beside it.
 */
export async function noticeNewMessage(tx: Tx, deps: NoticeDeps, patientId: number, threadId: number) {
  if (!deps.canSendMail) return 0;
  const recipients = await findNoticeRecipients(tx, patientId);
  if (recipients.length === 0) return 0;
  const facilityId = recipients[0]?.facilityId ?? 0;
  const base = await facilityLinkBase(tx, deps.links, facilityId);
  if (!base) throw new Error(`Facility ${facilityId} has no alias to build mail links from`);
  const messageUrl = threadLink(base, threadId);

  // The patient's own mail first, so an address the patient shares with a representative gets the patient's.
  const ordered = [...recipients].sort((a, b) => Number(a.forRepresentative) - Number(b.forRepresentative));
  const sent = new Set<string>();
  for (const recipient of ordered) {
    const address = recipient.email.trim().toLowerCase();
    // An address the outbox would refuse must not cost the patient the message itself.
    if (sent.has(address) || !isPlausibleAddress(recipient.email)) continue;
    sent.add(address);
    const mail = newMessageMail({
      language: recipient.language,
      portalName: recipient.portalName,
      name: recipient.firstName,
      messageUrl,
      forRepresentative: recipient.forRepresentative,
    });
    await deps.outbox.enqueue(tx, {
      to: recipient.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      facilityId,
    });
  }
  return sent.size;
}
