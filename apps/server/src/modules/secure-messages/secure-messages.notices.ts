import type { Tx } from '../../db/client';
import type { LinkSettings } from '../../platform/mail/links';
import type { MailOutbox } from '../../platform/mail/outbox';
import { recordNotice } from '../../platform/notices/ledger';

// The notice that a care provider's message is waiting in the portal now goes by the patient's notification
// settings (secure messages: email and/or SMS), like every notice: the message is recorded in the notices ledger
// here, in the transaction that stores it, and the notices job (module notifications) queues the mail to the
// patient's chosen address and each active authorised representative's confirmed one, and the SMS, once. It
// carries no health information at all (no subject, content, sender or patient name).

/** What the integration routes hand the intake (the notices job now has its own senders). */
export interface NoticeDeps {
  outbox: MailOutbox;
  links: LinkSettings;
  canSendMail: boolean;
}

/** Records the notice of a new message (`messageId`) for the patient, in the caller's transaction. */
export async function noticeNewMessage(tx: Tx, patientId: number, messageId: number): Promise<void> {
  await recordNotice(tx, patientId, 'message', messageId);
}
