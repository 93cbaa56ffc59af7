import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema/index';
import { BATCH_SIZE, defaultBackoffMs, describeError, LEASE_MS, type MailSenderLog } from '../mail/sender';
import { SmsGatewayError, toE164, type SmsGateway } from './gateway';

export interface SmsSenderOptions {
  db: Db;
  gateway: SmsGateway;
  /** The country code ten-digit numbers are sent with (SMS_COUNTRY_CODE). */
  countryCode: string;
  /** pino-like. Gets outbox ids only, never numbers or texts. */
  log: MailSenderLog;
  now?: () => Date;
  pollIntervalMs?: number;
  maxAttempts?: number;
  backoffMs?: (attempt: number) => number;
}

export interface SmsDeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

const KICK_DELAY_MS = 50;
const MAX_BATCHES_PER_RUN = 50;

interface ClaimedSms {
  id: number;
  toNumber: string;
  body: string;
  attempts: number;
}

/**
 * Delivers the SMS outbox to the gateway as MailSender delivers mail: rows claimed in short transactions (FOR UPDATE
 * SKIP LOCKED plus a lease on next_attempt_at), so instances side by side never send a row twice; each failure is
 * recorded with a backoff, and a gateway that is down leaves the rest of the batch for a later run.
 */
export class SmsSender {
  private readonly now: () => Date;
  private readonly pollIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: (attempt: number) => number;
  private interval: NodeJS.Timeout | undefined;
  private kickTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private runAgain = false;
  private stopped = false;

  constructor(private readonly options: SmsSenderOptions) {
    this.now = options.now ?? (() => new Date());
    this.pollIntervalMs = options.pollIntervalMs ?? 5000;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 8);
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
  }

  /** Claims and sends every due row (in batches), recording the outcome of each. Does nothing after stop(). */
  async deliverDue(): Promise<SmsDeliveryResult> {
    const result: SmsDeliveryResult = { sent: 0, retried: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.stopped; batch++) {
      const rows = await this.claim();
      for (let i = 0; i < rows.length; i++) {
        if (this.stopped) {
          await this.release(rows.slice(i).map((r) => r.id));
          return result;
        }
        const { outcome, serverProblem } = await this.deliver(rows[i]!);
        result[outcome]++;
        if (serverProblem) {
          await this.release(rows.slice(i + 1).map((r) => r.id));
          return result;
        }
      }
      if (rows.length < BATCH_SIZE) break;
    }
    return result;
  }

  start(): void {
    if (this.interval || this.stopped) return;
    this.interval = setInterval(() => this.trigger(), this.pollIntervalMs);
    this.interval.unref();
    this.kick();
  }

  /** Asks for a run soon; call after committing a transaction that queued texts. Calls coalesce. */
  kick(): void {
    if (this.stopped || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined;
      this.trigger();
    }, KICK_DELAY_MS);
    this.kickTimer.unref();
  }

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
        if (r.sent || r.retried || r.failed) this.options.log.info({ ...r }, 'sms outbox run');
      } catch (err) {
        this.options.log.error({ err: { message: describeError(err) } }, 'sms outbox run failed');
      }
    } while (this.runAgain && !this.stopped);
  }

  private async claim(): Promise<ClaimedSms[]> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    return this.options.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: smsOutbox.id, toNumber: smsOutbox.toNumber, body: smsOutbox.body, attempts: smsOutbox.attempts })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.status, 'pending'), lte(smsOutbox.nextAttemptAt, now)))
        .orderBy(asc(smsOutbox.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        const ids = rows.map((r) => r.id);
        await tx.update(smsOutbox).set({ nextAttemptAt: leaseUntil }).where(inArray(smsOutbox.id, ids));
      }
      return rows;
    });
  }

  private async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.options.db
      .update(smsOutbox)
      .set({ nextAttemptAt: this.now() })
      .where(and(inArray(smsOutbox.id, ids), eq(smsOutbox.status, 'pending')));
  }

  private async deliver(row: ClaimedSms): Promise<{ outcome: 'sent' | 'retried' | 'failed'; serverProblem: boolean }> {
    const { db, gateway, log } = this.options;
    try {
      await gateway.send({ to: toE164(row.toNumber, this.options.countryCode), body: row.body });
    } catch (err) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= this.maxAttempts;
      const now = this.now();
      const nextAttemptAt = giveUp ? now : new Date(now.getTime() + Math.max(0, this.backoffMs(attempts)));
      const error = describeError(err, { hideAddresses: true });
      await db
        .update(smsOutbox)
        .set({ attempts, lastError: error, nextAttemptAt, ...(giveUp ? { status: 'failed' as const } : {}) })
        .where(and(eq(smsOutbox.id, row.id), eq(smsOutbox.status, 'pending')));
      const serverProblem = !(err instanceof SmsGatewayError) || err.serverProblem;
      if (giveUp) {
        log.error({ smsOutboxId: row.id, attempts, error }, 'sms delivery failed; giving up');
        return { outcome: 'failed', serverProblem };
      }
      log.warn({ smsOutboxId: row.id, attempts, error }, 'sms delivery failed; will retry');
      return { outcome: 'retried', serverProblem };
    }
    await db
      .update(smsOutbox)
      .set({ status: 'sent', sentAt: this.now(), attempts: sql`${smsOutbox.attempts} + 1` })
      .where(eq(smsOutbox.id, row.id));
    log.info({ smsOutboxId: row.id }, 'sms sent');
    return { outcome: 'sent', serverProblem: false };
  }
}
