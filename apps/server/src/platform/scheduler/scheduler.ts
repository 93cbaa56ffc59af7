import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schedulerJobs } from '../../db/schema/index';
import { describeError, type MailSenderLog } from '../mail/sender';
import { systemClock, type Clock } from './clock';

/** A job the scheduler runs every `everyMs`, on one instance at a time. */
export interface ScheduledJob {
  /** The row in scheduler_jobs; stable across releases. */
  name: string;
  everyMs: number;
  /** Does the job's work as of `now` (the scheduler's clock). Must be safe to run again after a crash. */
  run(now: Date): Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  jobs: ScheduledJob[];
  log: MailSenderLog;
  clock?: Clock;
  /** This instance's name in the leases (a random id by default). */
  instanceId?: string;
  /** How long a job is reserved for the instance running it: longer than any run, so no two overlap. */
  leaseMs?: number;
  /** How often the scheduler looks for due jobs. */
  tickMs?: number;
}

const DEFAULT_LEASE_MS = 10 * 60_000;

/**
 * Runs scheduled jobs through the database, so any number of instances can run side by side: a job runs on the
 * instance that takes its lease (one UPDATE that only succeeds when the lease is free and the job is due), and its
 * last_run_at spaces the runs for every instance. A crashed instance's lease expires and another takes the job.
 * The jobs themselves are idempotent (the sent-notices ledger), so a run repeated after a crash sends nothing twice.
 */
export class Scheduler {
  readonly instanceId: string;
  private readonly clock: Clock;
  private readonly leaseMs: number;
  private readonly tickMs: number;
  private interval: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.clock = options.clock ?? systemClock;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.tickMs = options.tickMs ?? 60_000;
  }

  /** Runs every job that is due and whose lease this instance takes; answers their names. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.options.jobs) {
      if (this.stopped) break;
      const now = this.clock();
      if (!(await this.takeLease(job, now))) continue;
      try {
        await job.run(now);
        await this.finish(job, now, true);
        ran.push(job.name);
      } catch (err) {
        // The lease is let go without a last run, so the next tick (here or elsewhere) tries again.
        await this.finish(job, now, false);
        this.options.log.error({ job: job.name, err: { message: describeError(err) } }, 'scheduled job failed');
      }
    }
    return ran;
  }

  /** Looks for due jobs every tickMs (the timer does not keep the process alive) and once now. */
  start(): void {
    if (this.interval || this.stopped) return;
    this.interval = setInterval(() => this.tick(), this.tickMs);
    this.interval.unref();
    this.tick();
  }

  /** Stops ticking and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.interval) clearInterval(this.interval);
    this.interval = undefined;
    await this.running;
  }

  private tick(): void {
    if (this.stopped || this.running) return;
    this.running = this.runDue()
      .catch((err: unknown) => {
        this.options.log.error({ err: { message: describeError(err) } }, 'scheduler run failed');
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  private async takeLease(job: ScheduledJob, now: Date): Promise<boolean> {
    const { db } = this.options;
    await db.insert(schedulerJobs).values({ name: job.name }).onConflictDoNothing();
    const dueBefore = new Date(now.getTime() - job.everyMs);
    const taken = await db
      .update(schedulerJobs)
      .set({ leasedBy: this.instanceId, leaseUntil: new Date(now.getTime() + this.leaseMs) })
      .where(
        and(
          eq(schedulerJobs.name, job.name),
          or(isNull(schedulerJobs.leaseUntil), lte(schedulerJobs.leaseUntil, now)),
          or(isNull(schedulerJobs.lastRunAt), lte(schedulerJobs.lastRunAt, dueBefore)),
        ),
      )
      .returning({ name: schedulerJobs.name });
    return taken.length === 1;
  }

  private async finish(job: ScheduledJob, now: Date, succeeded: boolean): Promise<void> {
    await this.options.db
      .update(schedulerJobs)
      .set({
        leasedBy: null,
        leaseUntil: null,
        ...(succeeded ? { lastRunAt: now } : {}),
      })
      .where(and(eq(schedulerJobs.name, job.name), eq(schedulerJobs.leasedBy, this.instanceId)));
  }
}
