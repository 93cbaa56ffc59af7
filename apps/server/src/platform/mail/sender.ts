import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox, mailOutboxAttachments } from '../../db/schema/index';

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

type LogFn = (obj: Record<string, unknown>, msg?: string) => void;
export interface MailSenderLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export interface MailSenderOptions {
  db: Db;
  transport: MailTransport;
  /** The From header, e.g. 'Patient Portal <no-reply@example.org>'. */
  from: string;
  /** pino-like. Gets outbox ids and recipient domains only, never bodies or full addresses. */
  log: MailSenderLog;
  /** The clock deciding which rows are due (tests move it forward). */
  now?: () => Date;
  pollIntervalMs?: number;
  /** Attempts after which a row is given up (status failed). */
  maxAttempts?: number;
  /** Delay before the next attempt after `attempt` failed attempts (1-based). */
  backoffMs?: (attempt: number) => number;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

export const BATCH_SIZE = 20;
/** How long a claimed row is reserved for the instance that claimed it. */
export const LEASE_MS = 60_000;
/** Time one send may take (connection + greeting + socket timeouts, plus slack). */
const SEND_BUDGET_MS = 45_000;
/** Batches per run, so one run ends even under a flood; the next run continues. */
const MAX_BATCHES_PER_RUN = 50;
const KICK_DELAY_MS = 50;
const MAX_ERROR_LENGTH = 300;

export function defaultBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempt - 1, 0), 3_600_000);
}

/** The domain of an address, for logs (the local part identifies a person). */
export function recipientDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at >= 0 ? address.slice(at + 1).toLowerCase() : '(none)';
}

const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi;
const EMAIL = /[^\s<>()@,;:"']+@[^\s<>()@,;:"']+/g;

/** A short, single-line description of a send failure without credentials; addresses removed if asked. */
export function describeError(err: unknown, options: { hideAddresses?: boolean } = {}): string {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts: string[] = [];
  if (typeof e.code === 'string' && e.code) parts.push(e.code);
  if (typeof e.responseCode === 'number') parts.push(String(e.responseCode));
  let message = typeof e.message === 'string' ? e.message : typeof err === 'string' ? err : 'unknown error';
  message = message
    .replace(/[\r\n\t]+/g, ' ')
    .replace(URL_CREDENTIALS, '$1[REDACTED]@')
    // SMTP AUTH exchanges are base64; never keep what might be an echoed credential.
    .replace(/\bAUTH\s+\S+(\s+\S+)?/gi, 'AUTH [REDACTED]');
  if (options.hideAddresses) message = message.replace(EMAIL, '[address]');
  const text = parts.length ? `${parts.join(' ')}: ${message}` : message;
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

// Failures of the connection or the account rather than of one message.
const SERVER_ERROR_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EAUTH', 'ECONNREFUSED']);

function isServerProblem(err: unknown): boolean {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return (typeof e.code === 'string' && SERVER_ERROR_CODES.has(e.code)) || e.responseCode === 421;
}

interface ClaimedRow {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  replyTo: string | null;
  attempts: number;
  attachments: TransportAttachment[];
}

/**
 * Delivers the outbox. Rows are claimed in short transactions (FOR UPDATE SKIP LOCKED plus a lease
 * on next_attempt_at) so several instances can run side by side without sending a row twice; each
 * failure is recorded with a backoff, so nothing is lost while the mail server is down.
 */
export class MailSender {
  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly from: string;
  private readonly log: MailSenderLog;
  private readonly now: () => Date;
  private readonly pollIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: (attempt: number) => number;

  private interval: NodeJS.Timeout | undefined;
  private kickTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private runAgain = false;
  private stopped = false;

  constructor(options: MailSenderOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.from = options.from;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
    this.pollIntervalMs = options.pollIntervalMs ?? 5000;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 8);
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
  }

  /** Claims and sends every due row (in batches), recording the outcome of each. Does nothing after stop(). */
  async deliverDue(): Promise<DeliveryResult> {
    const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.stopped; batch++) {
      const rows = await this.claim();
      const claimedAt = performance.now();
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        // Leave what the lease no longer safely covers (or what a shutdown interrupts) to the next run.
        if (i > 0 && (this.stopped || performance.now() - claimedAt > LEASE_MS - SEND_BUDGET_MS)) {
          await this.release(rows.slice(i).map((r) => r.id));
          return result;
        }
        const { outcome, serverProblem } = await this.deliver(row);
        result[outcome]++;
        if (serverProblem) {
          // The server is unreachable or refuses us: the rest would fail the same way, so they
          // keep their attempts and are tried by a later run.
          await this.release(rows.slice(i + 1).map((r) => r.id));
          return result;
        }
      }
      if (rows.length < BATCH_SIZE) break;
    }
    return result;
  }

  /** Polls every pollIntervalMs (the timer does not keep the process alive) and runs once now. */
  start(): void {
    if (this.interval || this.stopped) return;
    this.interval = setInterval(() => this.trigger(), this.pollIntervalMs);
    this.interval.unref();
    this.kick();
  }

  /** Asks for a run soon; call after committing a transaction that enqueued mail. Calls coalesce. */
  kick(): void {
    if (this.stopped || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined;
      this.trigger();
    }, KICK_DELAY_MS);
    this.kickTimer.unref();
  }

  /** Stops polling and waits for a run in progress (which stops after the message it is sending). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.interval) clearInterval(this.interval);
    if (this.kickTimer) clearTimeout(this.kickTimer);
    this.interval = undefined;
    this.kickTimer = undefined;
    await this.running;
  }

  private trigger(): void {
    if (this.stopped) return;
    if (this.running) {
      // Mail committed after the current run claimed its rows is picked up right after it.
      this.runAgain = true;
      return;
    }
    this.running = this.runLoop().finally(() => {
      this.running = undefined;
    });
  }

  private async runLoop(): Promise<void> {
    do {
      this.runAgain = false;
      try {
        const r = await this.deliverDue();
        if (r.sent || r.retried || r.failed) this.log.info({ ...r }, 'mail outbox run');
      } catch (err) {
        this.log.error(
          { err: { code: (err as { code?: unknown }).code, message: describeError(err) } },
          'mail outbox run failed',
        );
      }
    } while (this.runAgain && !this.stopped);
  }

  private async claim(): Promise<ClaimedRow[]> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: mailOutbox.id,
          toAddress: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          textBody: mailOutbox.textBody,
          htmlBody: mailOutbox.htmlBody,
          replyTo: mailOutbox.replyTo,
          attempts: mailOutbox.attempts,
        })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      await tx.update(mailOutbox).set({ nextAttemptAt: leaseUntil }).where(inArray(mailOutbox.id, ids));
      const files = await this.attachmentsOf(tx, ids);
      return rows.map((r) => ({ ...r, attachments: files.get(r.id) ?? [] }));
    });
  }

  /** The files of the claimed mails, by mail, in one query. */
  private async attachmentsOf(tx: Pick<Db, 'select'>, ids: number[]): Promise<Map<number, TransportAttachment[]>> {
    const rows = await tx
      .select({
        outboxId: mailOutboxAttachments.outboxId,
        fileName: mailOutboxAttachments.fileName,
        contentType: mailOutboxAttachments.contentType,
        content: mailOutboxAttachments.content,
      })
      .from(mailOutboxAttachments)
      .where(inArray(mailOutboxAttachments.outboxId, ids))
      .orderBy(asc(mailOutboxAttachments.id));
    const byMail = new Map<number, TransportAttachment[]>();
    for (const row of rows) {
      const list = byMail.get(row.outboxId) ?? [];
      list.push({ filename: row.fileName, contentType: row.contentType, content: Buffer.from(row.content) });
      byMail.set(row.outboxId, list);
    }
    return byMail;
  }

  private async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: this.now() })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
  }

  private async deliver(row: ClaimedRow): Promise<{ outcome: 'sent' | 'retried' | 'failed'; serverProblem: boolean }> {
    const logContext = { outboxId: row.id, domain: recipientDomain(row.toAddress) };
    try {
      await this.transport.sendMail({
        from: this.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody !== null ? { html: row.htmlBody } : {}),
        ...(row.replyTo !== null ? { replyTo: row.replyTo } : {}),
        ...(row.attachments.length ? { attachments: row.attachments } : {}),
      });
    } catch (err) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= this.maxAttempts;
      const now = this.now();
      const nextAttemptAt = giveUp ? now : new Date(now.getTime() + Math.max(0, this.backoffMs(attempts)));
      await this.db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: describeError(err),
          nextAttemptAt,
          ...(giveUp ? { status: 'failed' as const } : {}),
        })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
      const detail = { ...logContext, attempts, error: describeError(err, { hideAddresses: true }) };
      const serverProblem = isServerProblem(err);
      if (giveUp) {
        this.log.error(detail, 'mail delivery failed; giving up');
        return { outcome: 'failed', serverProblem };
      }
      this.log.warn({ ...detail, nextAttemptAt: nextAttemptAt.toISOString() }, 'mail delivery failed; will retry');
      return { outcome: 'retried', serverProblem };
    }
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: this.now(), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, row.id));
    this.log.info(logContext, 'mail sent');
    return { outcome: 'sent', serverProblem: false };
  }
}

/** An SMTP transport for SMTP_URL (smtp://user:pass@host:port, or smtps:// for implicit TLS). */
export function createSmtpTransport(smtpUrl: string) {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    dnsTimeout: 10_000,
    // Attachments are bytes from the outbox; never a path or a URL nodemailer would read.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}
