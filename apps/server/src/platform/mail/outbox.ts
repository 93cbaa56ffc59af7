import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { mailOutbox, mailOutboxAttachments } from '../../db/schema/index';
import { deliveryState, outboxListLimit, OutboxSignal, type OutboxDeliveryState } from '../delivery/outbox';
import { AppError } from '../errors/app-error';
import { hasLineControl } from '../text/control-characters';

/** A file that travels with a mail (a health summary's XML and PDF). */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/** A message to queue. `text` is required so every mail reads in any client; `html` is optional. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go when not to the portal's From (a patient's own address on a summary they send). */
  replyTo?: string;
  attachments?: MailAttachment[];
  facilityId?: number;
}

/** What the developer mailbox shows of an attachment (its bytes are read one at a time). */
export interface OutboxAttachmentInfo {
  id: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export type OutboxStatus = OutboxDeliveryState['status'];

export interface OutboxMessage extends OutboxDeliveryState {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  attachments: OutboxAttachmentInfo[];
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
const MAX_SUBJECT = 998; // RFC 5322 line limit
const MAX_FILE_NAME = 200; // the column's check
// type/subtype as RFC 6838 allows them, with parameters such as charset (a token or a quoted string).
const MEDIA_TYPE =
  /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;\s*[a-z0-9!#$&^_.+-]+=([a-z0-9!#$&^_.+-]+|"[^"\\]*"))*$/i;

export function isPlausibleAddress(to: string): boolean {
  if (to.length > 254 || hasLineControl(to) || !ADDRESS.test(to)) return false;
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
  if (typeof mail.subject !== 'string' || hasLineControl(mail.subject)) {
    throw new InvalidMailError('The subject must not contain line breaks or control characters.');
  }
  if (mail.subject.trim() === '' || mail.subject.length > MAX_SUBJECT) {
    throw new InvalidMailError(`The subject must have 1 to ${MAX_SUBJECT} characters.`);
  }
  if (typeof mail.text !== 'string' || (mail.html !== undefined && typeof mail.html !== 'string')) {
    throw new InvalidMailError('The mail needs a text body.');
  }
  if (mail.replyTo !== undefined && (typeof mail.replyTo !== 'string' || !isPlausibleAddress(mail.replyTo))) {
    throw new InvalidMailError('The reply-to address must be a single plain e-mail address.');
  }
  for (const attachment of mail.attachments ?? []) validateAttachment(attachment);
}

function validateAttachment(attachment: MailAttachment): void {
  const { fileName, contentType, content } = attachment;
  // The name ends up in a Content-Disposition header, and in a file system when saved.
  if (
    typeof fileName !== 'string' ||
    fileName.trim() === '' ||
    fileName.length > MAX_FILE_NAME ||
    hasLineControl(fileName) ||
    /[\\/]/.test(fileName)
  ) {
    throw new InvalidMailError(`An attachment needs a file name of 1 to ${MAX_FILE_NAME} characters, without paths.`);
  }
  if (typeof contentType !== 'string' || hasLineControl(contentType) || !MEDIA_TYPE.test(contentType)) {
    throw new InvalidMailError('An attachment needs a media type such as application/xml.');
  }
  if (!(content instanceof Uint8Array)) throw new InvalidMailError('An attachment needs its bytes.');
}

/**
 * The transactional outbox. `enqueue` writes with the caller's transaction, so a mail exists if and
 * only if the change that caused it committed; MailSender delivers the rows afterwards (kicked by notifyQueued()).
 */
export class MailOutbox extends OutboxSignal {
  constructor(private readonly db: Db) {
    super();
  }

  /**
   * Queues a mail inside `tx` (or outside any transaction with a Db); returns the outbox id. A mail with
   * attachments is written with them in one transaction (a savepoint inside the caller's), so the sender never
   * claims a mail whose files are missing.
   */
  async enqueue(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
    validateOutgoingMail(mail);
    const attachments = mail.attachments ?? [];
    if (attachments.length === 0) return insertMail(tx, mail);
    return tx.transaction(async (inner) => {
      const id = await insertMail(inner, mail);
      await inner.insert(mailOutboxAttachments).values(
        attachments.map((a) => ({
          outboxId: id,
          fileName: a.fileName,
          contentType: a.contentType,
          content: a.content,
        })),
      );
      return id;
    });
  }

  /** Newest first. `to` matches the recipient case-insensitively; `limit` defaults to 100 (max 500). */
  async list(options: { limit?: number; to?: string } = {}): Promise<OutboxMessage[]> {
    const limit = outboxListLimit(options.limit);
    const to = options.to?.trim();
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .where(to ? eq(sql`lower(${mailOutbox.toAddress})`, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
    const attachments = await this.attachmentInfo(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      html: r.htmlBody,
      replyTo: r.replyTo,
      attachments: attachments.get(r.id) ?? [],
      ...deliveryState(r),
    }));
  }

  /** One attachment of one mail with its bytes, or undefined. */
  async attachment(outboxId: number, attachmentId: number): Promise<(MailAttachment & { id: number }) | undefined> {
    const [row] = await this.db
      .select({
        id: mailOutboxAttachments.id,
        fileName: mailOutboxAttachments.fileName,
        contentType: mailOutboxAttachments.contentType,
        content: mailOutboxAttachments.content,
      })
      .from(mailOutboxAttachments)
      .where(and(eq(mailOutboxAttachments.outboxId, outboxId), eq(mailOutboxAttachments.id, attachmentId)))
      .limit(1);
    return row;
  }

  /** The attachments of the listed mails without their bytes, by mail, in one query. */
  private async attachmentInfo(outboxIds: number[]): Promise<Map<number, OutboxAttachmentInfo[]>> {
    const byMail = new Map<number, OutboxAttachmentInfo[]>();
    if (outboxIds.length === 0) return byMail;
    const rows = await this.db
      .select({
        id: mailOutboxAttachments.id,
        outboxId: mailOutboxAttachments.outboxId,
        fileName: mailOutboxAttachments.fileName,
        contentType: mailOutboxAttachments.contentType,
        sizeBytes: sql<number>`octet_length(${mailOutboxAttachments.content})`.mapWith(Number),
      })
      .from(mailOutboxAttachments)
      .where(inArray(mailOutboxAttachments.outboxId, outboxIds))
      .orderBy(asc(mailOutboxAttachments.id));
    for (const { outboxId, ...info } of rows) {
      const list = byMail.get(outboxId) ?? [];
      list.push(info);
      byMail.set(outboxId, list);
    }
    return byMail;
  }
}

async function insertMail(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      replyTo: mail.replyTo ?? null,
      facilityId: mail.facilityId ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row.id;
}
