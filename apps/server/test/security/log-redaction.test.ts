import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilities } from '../../src/db/schema/index';
import { identityKey } from '../../src/modules/signup/signup.service';
import { Limits } from '../../src/platform/http/limits';
import { redactUrl } from '../../src/platform/http/logging';
import { openApiApp } from '../api';
import { captureLogs, type TestApp } from '../helpers';
import { integrationToken } from '../integration-client';

// Issue 31, finding 12: an invitation PIN, an MRN and other secrets in path parameters reached the log in clear
// whenever the URL took a shape the old per-route patterns did not expect; and the Redis keys of the rate limits
// held sign-up names and dates of birth in clear.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MASK = '[REDACTED]';

describe('secrets and identifiers in logged URLs', () => {
  let t: TestApp;
  const logs = captureLogs();
  let token: string;

  beforeAll(async () => {
    ({ t } = await openApiApp({ config: { LOG_LEVEL: 'info' }, logStream: logs.stream }));
    token = await integrationToken(t, 'clinical patients');
  });
  afterAll(async () => t.close());

  /** Every url the log's request lines show for requests sent since `from`. */
  const loggedUrls = (from: number) =>
    logs.lines
      .slice(from)
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter((url): url is string => url !== undefined);

  async function send(url: string, headers: Record<string, string> = {}, method: 'GET' | 'PUT' | 'POST' = 'GET') {
    const from = logs.lines.length;
    await t.app.inject({ method, url, headers });
    return loggedUrls(from);
  }

  const secrets = {
    pin: '215784',
    token: 'Zq9TokenValueX7',
    mrn: 'RCC-100234',
    externalId: 'EXT-77-Secret',
    kiosk: 'KioskSecret4242',
    encrypted: 'EncUserId9191',
    username: 'john.smith',
  };

  const requests: [string, Record<string, string>?, ('GET' | 'PUT' | 'POST')?][] = [
    // The probe's three shapes: the token segment empty, a trailing slash, an MRN in an integration URL.
    [`/api/authRep/signup/verifyInvitationToken/${secrets.pin}/`],
    [`/api/authRep/signup/verifyInvitationToken/${secrets.pin}`],
    [`/api/authRep/signup/verifyInvitationToken/${secrets.pin}/${secrets.token}`],
    [`/api/authRep/signup/verifyInvitationToken/${secrets.pin}/${secrets.token}/`],
    [`/api/authRep/signup/verifyInvitationToken/${secrets.pin}//${secrets.token}`],
    [`//api/authRep/signup/verifyInvitationToken/${secrets.pin}/${secrets.token}?x=1`],
    [`/API/AUTHREP/signup/verifyInvitationToken/${secrets.pin}/${encodeURIComponent(secrets.token)}`],
    [`/integration/v1/patients/${secrets.mrn}/care-team`, {}, 'PUT'],
    [`/integration/v1/patients/${secrets.mrn}/care-team`, { authorization: 'Bearer not-a-token' }, 'PUT'],
    [`/integration/v1/patients/${secrets.mrn}/care-team/`, {}, 'PUT'],
    [`/integration/v1/patients/${secrets.mrn}/signup-pin`, {}, 'POST'],
    [`/integration/v1/patients/${secrets.mrn}/no-such-thing`],
    [`/integration/v1/patients/${secrets.mrn}/documents/${secrets.externalId}`],
    [`/integration/v1/care-providers/${secrets.externalId}`],
    [`/api/kiosk/entry/${secrets.kiosk}`],
    [`/kio${secrets.kiosk}`, { accept: 'text/html' }],
    [`/api/users/1/validateuser/${secrets.encrypted}/${secrets.username}`],
    [`/api/users/forgotPassword?userName=${secrets.username}`, {}, 'POST'],
    [`/${secrets.mrn}/${secrets.pin}/${secrets.token}`],
  ];

  it('no PIN, token, MRN, external id, kiosk secret or username appears in any log line', async () => {
    for (const [url, headers, method] of requests) {
      const urls = await send(url, headers, method);
      expect(urls.length, url).toBeGreaterThan(0);
    }
    // The integration requests with a real token too, so the route's own answers are logged.
    await send(`/integration/v1/patients/${secrets.mrn}/care-team`, { authorization: `Bearer ${token}` }, 'PUT');
    await send(`/integration/v1/patients/${secrets.mrn}/documents/${secrets.externalId}`, {
      authorization: `Bearer ${token}`,
    });
    const text = logs.text();
    for (const [name, value] of Object.entries(secrets)) {
      expect(text.includes(value), `${name} in the log`).toBe(false);
      expect(text.toLowerCase().includes(value.toLowerCase()), `${name} in the log`).toBe(false);
    }
  });

  it('logs a matched route as its pattern, its secret parameters masked, whatever slashes the URL had', async () => {
    for (const url of [
      `/api/authRep/signup/verifyInvitationToken/${secrets.pin}/${secrets.token}`,
      `/api/authRep/signup/verifyInvitationToken/${secrets.pin}/${secrets.token}/`,
    ]) {
      expect(await send(url)).toContain(`/api/authRep/signup/verifyInvitationToken/${MASK}/${MASK}`);
    }
    expect(await send(`/integration/v1/patients/${secrets.mrn}/care-team/`, {}, 'PUT')).toContain(
      `/integration/v1/patients/${MASK}/care-team`,
    );
    // The portal's own surrogate ids stay readable; the encrypted id and the username do not.
    expect(await send(`/api/users/7/validateuser/${secrets.encrypted}/${secrets.username}`)).toContain(
      `/api/users/7/validateuser/${MASK}/${MASK}`,
    );
  });

  it('logs a path no route holds by its first two known segments only', async () => {
    expect(await send(`/api/authRep/signup/verifyInvitationToken/${secrets.pin}/`)).toContain(`/api/authRep/${MASK}`);
    expect(await send(`/integration/v1/patients/${secrets.mrn}/no-such-thing`)).toContain(`/integration/v1/${MASK}`);
    expect(await send(`/kio${secrets.kiosk}`, { accept: 'text/html' })).toContain(`/${MASK}`);
  });

  it('masks the secret query parameters and keeps the rest of the query', async () => {
    expect(await send(`/api/users/forgotPassword?userName=${secrets.username}&lang=en`, {}, 'POST')).toContain(
      `/api/users/forgotPassword?userName=${MASK}&lang=en`,
    );
  });

  it('masks everything but a mask when the request is not one Fastify routed (no route table)', () => {
    expect(redactUrl({ url: `/api/authRep/signup/verifyInvitationToken/${secrets.pin}/` })).toBe(
      `/${MASK}/${MASK}/${MASK}`,
    );
  });
});

describe('rate-limit keys', () => {
  let redis: Redis;
  const prefix = `portal-limit-test-${randomBytes(4).toString('hex')}`;

  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('hold none of the subject’s plain values in Redis, and two instances with one secret share the count', async () => {
    const subject = JSON.stringify([1, 'zed8', 'q8', 1970, 1, 9]);
    const first = new Limits('s'.repeat(40), redis, prefix);
    const second = new Limits('s'.repeat(40), redis, prefix);
    for (let i = 0; i < 3; i++) expect(await first.consume('signupIdentity', subject)).toBe(true);
    for (let i = 0; i < 2; i++) expect(await second.consume('signupIdentity', subject)).toBe(true);
    // Five per hour: the sixth, on either instance, is refused.
    expect(await first.consume('signupIdentity', subject)).toBe(false);
    await first.consume('mailRecipient', 'zed8.q8@example.com');

    const keys = await redis.keys(`${prefix}:*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      for (const plain of ['zed8', 'q8', '1970', 'example.com', '[']) expect(key, key).not.toContain(plain);
    }
    expect(keys).toContain(first.redisKey('signupIdentity', subject));
    // The limit's name stays readable; the subject is a keyed hash (another secret, another key).
    expect(first.redisKey('signupIdentity', subject)).toMatch(new RegExp(`^${prefix}:signupIdentity:[\\w-]{43}$`));
    expect(new Limits('t'.repeat(40), redis, prefix).redisKey('signupIdentity', subject)).not.toBe(
      first.redisKey('signupIdentity', subject),
    );
  });

  it('the sign-up identity check counts under a hashed key (the app, with Redis)', async () => {
    const { t: app } = await openApiApp({ config: { REDIS_URL } });
    try {
      const [facility] = await app.database.db
        .select({ id: facilities.id })
        .from(facilities)
        .where(eq(facilities.shortName, 'Riverside'));
      const firstName = `Zed${randomBytes(3).toString('hex')}`;
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/patients/signup/invitedPatientValidation',
        remoteAddress: '100.64.31.12',
        payload: {
          facilityId: facility!.id,
          firstName,
          lastName: 'Quartz',
          birthDate: { year: 1970, month: 1, day: 9 },
          pin: '123456',
          mrn: 'RCC-999999',
          ssn: '123456789',
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      const keys = await redis.keys('portal-limit:signupIdentity:*');
      expect(keys.some((key) => key.toLowerCase().includes(firstName.toLowerCase()))).toBe(false);
      expect(keys.some((key) => key.includes('quartz') || key.includes('1970'))).toBe(false);
      const counted = app.app.deps.limits.redisKey(
        'signupIdentity',
        identityKey(facility!.id, firstName, 'Quartz', { year: 1970, month: 1, day: 9 }),
      );
      expect(keys).toContain(counted);
      await redis.del(counted);
    } finally {
      await app.close();
    }
  });
});
