import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { ManualClock } from './clock';
import { Scheduler, type ScheduledJob } from './scheduler';

const quiet = { info() {}, warn() {}, error() {} };
const MINUTE = 60_000;

describe('the scheduler: each job on one instance at a time, through the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  function countingJob(name: string, everyMs: number, body?: () => Promise<void>) {
    const runs: Date[] = [];
    const job: ScheduledJob = {
      name,
      everyMs,
      run: async (now) => {
        runs.push(now);
        await body?.();
      },
    };
    return { job, runs };
  }

  it('runs a due job once across two instances, then again after its interval', async () => {
    const clock = new ManualClock('2026-12-01T08:00:00Z');
    const { job, runs } = countingJob('count-a', 5 * MINUTE);
    const one = new Scheduler({ db: database.db, jobs: [job], log: quiet, clock: clock.now, instanceId: 'one' });
    const two = new Scheduler({ db: database.db, jobs: [job], log: quiet, clock: clock.now, instanceId: 'two' });
    const [a, b] = await Promise.all([one.runDue(), two.runDue()]);
    expect([...a, ...b]).toEqual(['count-a']);
    expect(await two.runDue()).toEqual([]);
    clock.advance(4 * MINUTE);
    expect(await one.runDue()).toEqual([]);
    clock.advance(MINUTE);
    expect(await two.runDue()).toEqual(['count-a']);
    expect(runs.map((d) => d.toISOString())).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-01T08:05:00.000Z']);
  });

  it('holds the job while it runs on another instance, and a crashed instance’s lease expires', async () => {
    const clock = new ManualClock('2026-12-01T08:00:00Z');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { job } = countingJob('slow-b', MINUTE, () => gate);
    const one = new Scheduler({ db: database.db, jobs: [job], log: quiet, clock: clock.now, leaseMs: 2 * MINUTE });
    const two = new Scheduler({ db: database.db, jobs: [job], log: quiet, clock: clock.now, leaseMs: 2 * MINUTE });
    const running = one.runDue();
    await new Promise((r) => setTimeout(r, 50));
    clock.advance(MINUTE);
    expect(await two.runDue()).toEqual([]);
    // The first instance "crashes" (never finishes in time): past its lease, the other takes the job.
    clock.advance(2 * MINUTE);
    const { job: again, runs } = countingJob('slow-b', MINUTE);
    const three = new Scheduler({ db: database.db, jobs: [again], log: quiet, clock: clock.now });
    expect(await three.runDue()).toEqual(['slow-b']);
    expect(runs).toHaveLength(1);
    release();
    await running;
  });

  it('a failed run lets the lease go without counting as run, so the next tick retries', async () => {
    const clock = new ManualClock('2026-12-01T08:00:00Z');
    let fail = true;
    const { job, runs } = countingJob('flaky-c', 10 * MINUTE, async () => {
      if (fail) throw new Error('boom');
    });
    const errors: unknown[] = [];
    const log = { ...quiet, error: (o: unknown) => errors.push(o) };
    const one = new Scheduler({ db: database.db, jobs: [job], log, clock: clock.now });
    expect(await one.runDue()).toEqual([]);
    expect(errors).toHaveLength(1);
    fail = false;
    clock.advance(MINUTE);
    expect(await one.runDue()).toEqual(['flaky-c']);
    expect(runs).toHaveLength(2);
  });
});
