import { asc, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox, mailOutboxAttachments } from '../../db/schema/index';
import {
  describeError,
  OutboxDelivery,
  type ClaimedRow,
  type DeliveryLog,
  type OutboxDeliveryOptions,
} from '../delivery/outbox-delivery';

// Shared with the other senders; still exported here, where the mail sender's users import them from.
export {
  BATCH_SIZE,
  defaultBackoffMs,
  describeError,
  LEASE_MS,
  type DeliveryResult,
} from '../delivery/outbox-delivery';
export type MailSenderLog = DeliveryLog;

/** A file as nodemailer takes it. */
export interface TransportAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The part of a nodemailer Transporter the sender uses (tests may pass a fake). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    replyTo?: string;
    attachments?: TransportAttachment[];
  }): Promise<unknown>;
}

export interface MailSenderOptions extends OutboxDeliveryOptions {
  transport: MailTransport;
  /** The From header, e.g. 'Patient Portal <no-reply@example.org>'. */
  from: string;
}

/** Time one send may take (connection + greeting + socket timeouts, plus slack). */
const SEND_BUDGET_MS = 45_000;

/** The domain of an address, for logs (the local part identifies a person). */
export function recipientDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at >= 0 ? address.slice(at + 1).toLowerCase() : '(none)';
}

// Failures of the connection or the account rather than of one message.
const SERVER_ERROR_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EAUTH', 'ECONNREFUSED']);

function isServerProblem(err: unknown): boolean {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return (typeof e.code === 'string' && SERVER_ERROR_CODES.has(e.code)) || e.responseCode === 421;
}

interface ClaimedMail extends ClaimedRow {
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  replyTo: string | null;
  attachments: TransportAttachment[];
}

/** Delivers the mail outbox over SMTP (the claiming, retries and leases are OutboxDelivery's). */
export class MailSender extends OutboxDelivery<ClaimedMail> {
  constructor(options: MailSenderOptions) {
    const { transport, from } = options;
    super(options, {
      name: 'mail',
      table: mailOutbox,
      columns: {
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        textBody: mailOutbox.textBody,
        htmlBody: mailOutbox.htmlBody,
        replyTo: mailOutbox.replyTo,
      },
      complete: withAttachments,
      send: async (row) => {
        await transport.sendMail({
          from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          ...(row.htmlBody !== null ? { html: row.htmlBody } : {}),
          ...(row.replyTo !== null ? { replyTo: row.replyTo } : {}),
          ...(row.attachments.length ? { attachments: row.attachments } : {}),
        });
      },
      isServerProblem,
      logContext: (row) => ({ outboxId: row.id, domain: recipientDomain(row.toAddress) }),
      recordedError: (err) => describeError(err),
      sendBudgetMs: SEND_BUDGET_MS,
    });
  }
}

/** The claimed mails with their files, read for the whole batch in one query. */
async function withAttachments(tx: Pick<Db, 'select'>, claimed: ClaimedRow[]): Promise<ClaimedMail[]> {
  const rows = await tx
    .select({
      outboxId: mailOutboxAttachments.outboxId,
      fileName: mailOutboxAttachments.fileName,
      contentType: mailOutboxAttachments.contentType,
      content: mailOutboxAttachments.content,
    })
    .from(mailOutboxAttachments)
    .where(
      inArray(
        mailOutboxAttachments.outboxId,
        claimed.map((r) => r.id),
      ),
    )
    .orderBy(asc(mailOutboxAttachments.id));
  const byMail = new Map<number, TransportAttachment[]>();
  for (const row of rows) {
    const list = byMail.get(row.outboxId) ?? [];
    list.push({ filename: row.fileName, contentType: row.contentType, content: Buffer.from(row.content) });
    byMail.set(row.outboxId, list);
  }
  return claimed.map((r) => ({ ...(r as Omit<ClaimedMail, 'attachments'>), attachments: byMail.get(r.id) ?? [] }));
}

export interface SmtpTransportOptions {
  /**
   * Development only: a relay on this machine without TLS may still receive the URL's credentials (a local
   * catcher such as Mailpit). Never set from production configuration.
   */
  allowPlaintextAuthOnLoopback?: boolean;
}

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves the host, so plaintext there cannot be sniffed. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * An SMTP transport for SMTP_URL (smtp://user:pass@host:port, or smtps:// for implicit TLS).
 *
 * A relay that is not loopback must encrypt (implicit TLS or STARTTLS, nodemailer's requireTLS): a server that does
 * not offer STARTTLS, or a man in the middle that strips it, makes the send fail with ETLS before MAIL FROM, so
 * neither the message (health information) nor AUTH crosses the network in clear. Credentials go in clear to no
 * relay, loopback included, unless development says so. The options are built here rather than handed to nodemailer
 * as `url`, because its URL parser lets query parameters (?ignoreTLS=true, ?secure=false) override ours.
 */
export function createSmtpTransport(smtpUrl: string, options: SmtpTransportOptions = {}) {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('The SMTP URL must be smtp:// or smtps://');
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  const hasAuth = user !== '' || pass !== '';
  const loopback = isLoopbackHost(url.hostname);
  const requireTLS = !secure && (!loopback || (hasAuth && !options.allowPlaintextAuthOnLoopback));
  return nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    requireTLS,
    ignoreTLS: false,
    opportunisticTLS: false,
    ...(hasAuth ? { auth: { user, pass } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    dnsTimeout: 10_000,
    // Attachments are bytes from the outbox; never a path or a URL nodemailer would read.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}
