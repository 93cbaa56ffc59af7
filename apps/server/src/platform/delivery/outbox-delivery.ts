import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

// The delivery of a transactional outbox (mail, SMS): what every channel does the same way. A channel says which
// table, which columns its sends need, how one row is sent and which failures mean its server is down.

type LogFn = (obj: Record<string, unknown>, msg?: string) => void;
/** pino-like. Gets outbox ids (and what a channel adds), never bodies, addresses or numbers. */
export interface DeliveryLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** What every sender takes besides its channel's own settings. */
export interface OutboxDeliveryOptions {
  db: Db;
  log: DeliveryLog;
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
/** Batches per run, so one run ends even under a flood; the next run continues. */
const MAX_BATCHES_PER_RUN = 50;
const KICK_DELAY_MS = 50;
const MAX_ERROR_LENGTH = 300;

export function defaultBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempt - 1, 0), 3_600_000);
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

/** The columns every outbox table has (mail_outbox, sms_outbox). */
export type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lastError: PgColumn;
  sentAt: PgColumn;
};

/** A claimed row: its id and attempts so far, and what the channel's columns and `complete` add. */
export interface ClaimedRow {
  id: number;
  attempts: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How one channel delivers its outbox. */
export interface OutboxChannel<Row extends ClaimedRow> {
  /** Names the log lines ('mail sent', 'sms outbox run'). */
  name: string;
  table: OutboxTable;
  /** The columns a send needs, read with the claim (id and attempts come with them). */
  columns: Record<string, PgColumn>;
  /** Adds to the claimed rows what lives in other tables, in the claiming transaction (mail's attachments). */
  complete?: (tx: Tx, rows: ClaimedRow[]) => Promise<Row[]>;
  /** Sends one row; throws when it was not delivered. */
  send(row: Row): Promise<void>;
  /** The failure is the server's (down, refusing us), so the rest of the batch would fail the same way. */
  isServerProblem(err: unknown): boolean;
  /** What the log lines of one row say about it (ids, a domain: never an address or a number). */
  logContext(row: Row): Record<string, unknown>;
  /** What last_error keeps of a failure. */
  recordedError(err: unknown): string;
  /** Time one send may take: the rows a lease no longer safely covers are left to the next run. */
  sendBudgetMs?: number;
}

/**
 * Delivers an outbox. Rows are claimed in short transactions (FOR UPDATE SKIP LOCKED plus a lease on
 * next_attempt_at) so several instances can run side by side without sending a row twice; each failure is
 * recorded with a backoff, so nothing is lost while the server is down.
 */
export class OutboxDelivery<Row extends ClaimedRow> {
  private readonly db: Db;
  private readonly log: DeliveryLog;
  private readonly now: () => Date;
  private readonly pollIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: (attempt: number) => number;

  private interval: NodeJS.Timeout | undefined;
  private kickTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private runAgain = false;
  private stopped = false;

  constructor(
    options: OutboxDeliveryOptions,
    private readonly channel: OutboxChannel<Row>,
  ) {
    this.db = options.db;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
    this.pollIntervalMs = options.pollIntervalMs ?? 5000;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 8);
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
  }

  /** Claims and sends every due row (in batches), recording the outcome of each. Does nothing after stop(). */
  async deliverDue(): Promise<DeliveryResult> {
    const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
    const budget = this.channel.sendBudgetMs;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.stopped; batch++) {
      const rows = await this.claim();
      const claimedAt = performance.now();
      for (let i = 0; i < rows.length; i++) {
        // Leave what a shutdown interrupts (or what the lease no longer safely covers) to the next run.
        const leaseRunsOut = i > 0 && budget !== undefined && performance.now() - claimedAt > LEASE_MS - budget;
        if (this.stopped || leaseRunsOut) {
          await this.release(rows.slice(i).map((r) => r.id));
          return result;
        }
        const { outcome, serverProblem } = await this.deliver(rows[i]!);
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

  /** Asks for a run soon; call after committing a transaction that queued messages. Calls coalesce. */
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
      // What is committed after the current run claimed its rows is picked up right after it.
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
        if (r.sent || r.retried || r.failed) this.log.info({ ...r }, `${this.channel.name} outbox run`);
      } catch (err) {
        this.log.error(
          { err: { code: (err as { code?: unknown }).code, message: describeError(err) } },
          `${this.channel.name} outbox run failed`,
        );
      }
    } while (this.runAgain && !this.stopped);
  }

  private async claim(): Promise<Row[]> {
    const { table, columns, complete } = this.channel;
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    return this.db.transaction(async (tx) => {
      const rows = (await tx
        .select({ ...columns, id: table.id, attempts: table.attempts })
        .from(table)
        .where(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now)))
        .orderBy(asc(table.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true })) as ClaimedRow[];
      if (rows.length === 0) return [];
      await tx
        .update(table)
        .set({ nextAttemptAt: leaseUntil })
        .where(
          inArray(
            table.id,
            rows.map((r) => r.id),
          ),
        );
      return complete ? complete(tx, rows) : (rows as Row[]);
    });
  }

  private async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const { table } = this.channel;
    await this.db
      .update(table)
      .set({ nextAttemptAt: this.now() })
      .where(and(inArray(table.id, ids), eq(table.status, 'pending')));
  }

  private async deliver(row: Row): Promise<{ outcome: 'sent' | 'retried' | 'failed'; serverProblem: boolean }> {
    const { name, table } = this.channel;
    const logContext = this.channel.logContext(row);
    try {
      await this.channel.send(row);
    } catch (err) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= this.maxAttempts;
      const now = this.now();
      const nextAttemptAt = giveUp ? now : new Date(now.getTime() + Math.max(0, this.backoffMs(attempts)));
      await this.db
        .update(table)
        .set({
          attempts,
          lastError: this.channel.recordedError(err),
          nextAttemptAt,
          ...(giveUp ? { status: 'failed' as const } : {}),
        })
        .where(and(eq(table.id, row.id), eq(table.status, 'pending')));
      const detail = { ...logContext, attempts, error: describeError(err, { hideAddresses: true }) };
      const serverProblem = this.channel.isServerProblem(err);
      if (giveUp) {
        this.log.error(detail, `${name} delivery failed; giving up`);
        return { outcome: 'failed', serverProblem };
      }
      this.log.warn({ ...detail, nextAttemptAt: nextAttemptAt.toISOString() }, `${name} delivery failed; will retry`);
      return { outcome: 'retried', serverProblem };
    }
    await this.db
      .update(table)
      .set({ status: 'sent', sentAt: this.now(), attempts: sql`${table.attempts} + 1` })
      .where(eq(table.id, row.id));
    this.log.info(logContext, `${name} sent`);
    return { outcome: 'sent', serverProblem: false };
  }
}
