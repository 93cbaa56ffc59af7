import { desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import { AppError } from '../errors/app-error';

/** A message to queue. `text` is required so every mail reads in any client; `html` is optional. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  facilityId?: number;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, or null while not delivered */
  sentAt: string | null;
}

/** Thrown by `enqueue` for a recipient or subject that must never reach a mail header. */
export class InvalidMailError extends AppError {
  override name = 'InvalidMailError';
  constructor(message: string) {
    super(400, 'invalid_mail', message);
  }
}

// One plain addr-spec: no display name, no list, no quoting, no comments, no whitespace.
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;
// CR and LF split headers (header injection); other control characters have no place there either.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_SUBJECT = 998; // RFC 5322 line limit

export function isPlausibleAddress(to: string): boolean {
  if (to.length > 254 || CONTROL.test(to) || !ADDRESS.test(to)) return false;
  const at = to.lastIndexOf('@');
  const local = to.slice(0, at);
  const domain = to.slice(at + 1);
  return (
    local.length <= 64 &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    !domain.startsWith('.') &&
    !domain.startsWith('-') &&
    !domain.includes('..')
  );
}

/** Throws InvalidMailError unless the mail can be put in headers safely. */
export function validateOutgoingMail(mail: OutgoingMail): void {
  if (typeof mail.to !== 'string' || !isPlausibleAddress(mail.to)) {
    throw new InvalidMailError('The recipient must be a single plain e-mail address.');
  }
  if (typeof mail.subject !== 'string' || CONTROL.test(mail.subject)) {
    throw new InvalidMailError('The subject must not contain line breaks or control characters.');
  }
  if (mail.subject.trim() === '' || mail.subject.length > MAX_SUBJECT) {
    throw new InvalidMailError(`The subject must have 1 to ${MAX_SUBJECT} characters.`);
  }
  if (typeof mail.text !== 'string' || (mail.html !== undefined && typeof mail.html !== 'string')) {
    throw new InvalidMailError('The mail needs a text body.');
  }
}

/**
 * The transactional outbox. `enqueue` writes with the caller's transaction, so a mail exists if and
 * only if the change that caused it committed; MailSender delivers the rows afterwards.
 */
export class MailOutbox {
  constructor(private readonly db: Db) {}

  /** Queues a mail inside `tx` (or outside any transaction with a Db); returns the outbox id. */
  async enqueue(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
    validateOutgoingMail(mail);
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        facilityId: mail.facilityId ?? null,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    return row.id;
  }

  /** Newest first. `to` matches the recipient case-insensitively; `limit` defaults to 100 (max 500). */
  async list(options: { limit?: number; to?: string } = {}): Promise<OutboxMessage[]> {
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? 100), 1), 500);
    const to = options.to?.trim();
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .where(to ? eq(sql`lower(${mailOutbox.toAddress})`, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      html: r.htmlBody,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    }));
  }
}
