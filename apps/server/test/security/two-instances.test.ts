import { randomInt } from 'node:crypto';
import type net from 'node:net';
import { inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPgPool, type Database } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema/index';
import { DEMO_PASSWORD } from '../../src/demo/demo';
import { createSmtpTransport, MailSender } from '../../src/platform/mail/sender';
import { bearer, type AccessFixture } from '../access-fixture';
import { expectError, openApiApp, type TestApp } from '../api';
import { createTestApp } from '../helpers';

// Issue 10: several instances of the server behind one load balancer share one PostgreSQL database and one Redis.
// What one instance knows (a session, a logout, a lockout, a rate-limit count, a mail sent) the other must know.

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The prefix app.ts gives every limit (Limits' default: app.ts passes none). */
const LIMIT_PREFIX = 'portal-limit';

/**
 * A client address of this run alone (100.64.0.0/10): the rate-limit keys end in `:<address>` or `|<address>`,
 * so parallel runs on the same Redis never share a counter, and the cleanup deletes only this run's keys.
 */
const usedAddresses: string[] = [];
function uniqueAddress(): string {
  const address = `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`;
  usedAddresses.push(address);
  return address;
}

describe.skipIf(!DATABASE_URL)(
  'two instances on one PostgreSQL database and one Redis (skipped without TEST_DATABASE_URL: PGlite is one process)',
  () => {
    let a: TestApp;
    let b: TestApp;
    let fx: AccessFixture;
    let secondPool: Database;
    let redis: Redis;

    beforeAll(async () => {
      ({ t: a, fx } = await openApiApp({ config: { REDIS_URL } }));
      // The second instance opens its own pool to the same database, as a second process would.
      const [row] = await a.database.session((s) => s.query<{ name: string }>('select current_database() as name'));
      const url = new URL(DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      secondPool = wrapPgPool(new pg.Pool({ connectionString: url.toString(), max: 4 }));
      const second = await createTestApp({ config: { REDIS_URL }, database: secondPool });
      b = { ...second, close: () => second.app.close() };
      redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    });
    afterAll(async () => {
      // Only this run's counters.
      for (const address of usedAddresses) {
        const keys = await redis.keys(`${LIMIT_PREFIX}:*[:|]${address}`);
        if (keys.length) await redis.del(...keys);
      }
      await redis.quit();
      await b.close();
      await secondPool.close();
      await a.close();
    });

    function login(app: TestApp, username: string, password: string, remoteAddress = uniqueAddress()) {
      return app.app.inject({
        method: 'POST',
        url: '/token',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
      });
    }

    it('runs two apps with Redis-backed limits', () => {
      expect(a.config.redisUrl).toBe(REDIS_URL);
      expect(b.config.redisUrl).toBe(REDIS_URL);
      expect(a.app).not.toBe(b.app);
      expect(a.app.deps.limits).not.toBe(b.app.deps.limits);
    });

    it('a session opened on one instance works on the other; logout on one ends it on both', async () => {
      const res = await login(a, 'jane.doe', DEMO_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      const { access_token: access, refresh_token: refresh } = res.json<{
        access_token: string;
        refresh_token: string;
      }>();
      const profile = `/api/patients/${fx.patientA}`;
      expect((await b.app.inject({ url: profile, headers: bearer(access) })).statusCode).toBe(200);
      expect((await a.app.inject({ url: profile, headers: bearer(access) })).statusCode).toBe(200);

      const logout = await b.app.inject({
        method: 'POST',
        url: `/api/users/${fx.userIds.jane}/audit/logoff`,
        headers: bearer(access),
      });
      expect(logout.statusCode, logout.body).toBe(204);
      expectError(await a.app.inject({ url: profile, headers: bearer(access) }), 401, 'unauthorized');
      expectError(await b.app.inject({ url: profile, headers: bearer(access) }), 401, 'unauthorized');
      // Nor can the refresh token of the ended session open a new one, on either instance.
      for (const app of [a, b]) {
        const refreshed = await app.app.inject({
          method: 'POST',
          url: '/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh }).toString(),
        });
        expect(refreshed.statusCode).toBe(400);
      }
    });

    it('the account lockout counts failed passwords made on both instances', async () => {
      const wrong = 'Wrong#Password1';
      for (const app of [a, b, a, b]) {
        const res = await login(app, 'john.smith', wrong);
        expect(res.json<{ error: string }>().error, res.body).toBe('invalid_grant');
      }
      // The fifth failure, wherever it lands, locks the account (the facility allows 5).
      const fifth = await login(a, 'john.smith', wrong);
      expect(fifth.json<{ error: string }>().error, fifth.body).toBe('locked_out');
      // The right password is refused on the other instance too.
      const right = await login(b, 'john.smith', DEMO_PASSWORD);
      expect(right.json<{ error: string }>().error, right.body).toBe('locked_out');
    });

    it('a per-address rate limit counts requests to both instances (Redis)', async () => {
      const address = uniqueAddress();
      const forgot = (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/api/users/forgotPassword?userName=nobody.here',
          remoteAddress: address,
        });
      // 10 tries per address: 5 on each instance. Each process counting alone would allow 20.
      for (let i = 0; i < 5; i++) {
        expect((await forgot(a)).statusCode).toBe(204);
        expect((await forgot(b)).statusCode).toBe(204);
      }
      expectError(await forgot(a), 429, 'too_many_attempts');
      expectError(await forgot(b), 429, 'too_many_attempts');
      // The counter lives in Redis, under a keyed hash of route and address (issue 31: no address in the key).
      const key = a.app.deps.limits.redisKey('attempts', `forgotPassword|${address}`);
      expect(key).toBe(b.app.deps.limits.redisKey('attempts', `forgotPassword|${address}`));
      expect(key).not.toContain(address);
      expect(Number(await redis.get(key))).toBeGreaterThanOrEqual(10);
      await redis.del(key);
    });

    it('an outbox row is delivered once when both instances run their senders', async () => {
      const received: string[] = [];
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '';
            received.push(subject);
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      try {
        const port = (server.server.address() as net.AddressInfo).port;
        const run = `two-instances-${randomInt(1_000_000)}`;
        const subjects = Array.from({ length: 30 }, (_, i) => `${run} message ${i}`);
        // This file's database is its own: start from an empty outbox so the counts are this test's.
        await a.database.db.delete(mailOutbox);
        const ids: number[] = [];
        for (const [i, subject] of subjects.entries()) {
          // Half written by each instance, as requests to either would.
          const app = i % 2 ? a : b;
          ids.push(
            await app.database.db.transaction((tx) =>
              app.app.deps.outbox.enqueue(tx, { to: `person${i}@example.org`, subject, text: 'Hello' }),
            ),
          );
        }
        const sender = (app: TestApp) =>
          new MailSender({
            db: app.database.db,
            transport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
            from: 'Patient Portal <no-reply@portal.example>',
            log: { info() {}, warn() {}, error() {} },
            now: () => new Date(Date.now() + 1000),
          });
        const [ra, rb] = await Promise.all([sender(a).deliverDue(), sender(b).deliverDue()]);
        expect(ra.sent + rb.sent).toBe(30);
        expect(ra.retried + rb.retried + ra.failed + rb.failed).toBe(0);
        const ours = received.filter((s) => s.startsWith(run));
        expect(ours).toHaveLength(30);
        expect(new Set(ours)).toEqual(new Set(subjects));
        const rows = await a.database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
        expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['sent', 1]));
        // A second round on both finds nothing left to send.
        const again = await Promise.all([sender(a).deliverDue(), sender(b).deliverDue()]);
        expect(again.map((r) => r.sent)).toEqual([0, 0]);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  },
);
