import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema/index';
import { loadConfig } from '../../src/config';
import { bearer } from '../access-fixture';
import { expectError, nextIp, openApiApp, openSecondApp, type TestApp } from '../api';

// Issue 10, finding 1: X-Forwarded-For was believed from anyone, so a remote caller could pass for this machine
// (developer routes) or dodge the per-address limits by writing a new address in each request.

let t: TestApp;
let fx: Awaited<ReturnType<typeof openApiApp>>['fx'];
/** The same database with PUBLIC_URL set: a public address must not make forwarded headers believed. */
let behindPublicUrl: TestApp;
/** The same database behind one trusted proxy hop (TRUST_PROXY=1). */
let behindProxy: TestApp;

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  behindPublicUrl = await openSecondApp(t, { config: { PUBLIC_URL: 'https://portal.example.org' } });
  behindProxy = await openSecondApp(t, { config: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await behindProxy.close();
  await behindPublicUrl.close();
  await t.close();
});

const REMOTE = '203.0.113.9';

function devTickets(app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url: '/api/dev/tickets', remoteAddress, headers });
}

function forgotPassword(app: TestApp, remoteAddress: string, forwardedFor: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/users/forgotPassword?userName=nobody.here',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

function failedSignupVerification(app: TestApp, remoteAddress: string, forwardedFor: string, n: number) {
  return app.app.inject({
    method: 'POST',
    url: '/api/patients/signup/invitedPatientValidation',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    // A different nobody each time, so only the per-address limit can answer 429 (not the per-identity one).
    payload: {
      facilityId: fx.facilityId,
      firstName: `Nobody${n}`,
      lastName: 'Here',
      birthDate: { year: 1970, month: 1, day: 1 },
      pin: '12345678',
    },
  });
}

/** A fresh address in 198.51.100.0/24 (TEST-NET-2) for each call. */
let forwardedCounter = 0;
function forwardedAddress(): string {
  forwardedCounter += 1;
  return `198.51.100.${forwardedCounter % 250}`;
}

describe('TRUST_PROXY', () => {
  it('believes no proxy by default, whatever PUBLIC_URL says', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.org' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(t.config.trustProxy).toBe(false);
    expect(behindPublicUrl.config.trustProxy).toBe(false);
  });
});

describe('developer routes', () => {
  it.each([
    ['the default config', () => t],
    ['PUBLIC_URL set', () => behindPublicUrl],
    ['TRUST_PROXY=1', () => behindProxy],
  ])('answer 404 to a remote socket that forwards a loopback address (%s)', async (_what, app) => {
    for (const forwarded of ['127.0.0.1', '::1', '127.0.0.1, 127.0.0.1']) {
      expectError(await devTickets(app(), REMOTE, { 'x-forwarded-for': forwarded }), 404, 'not_found');
    }
    expectError(await devTickets(app(), REMOTE), 404, 'not_found');
  });

  it.each([
    ['the default config', () => t],
    ['PUBLIC_URL set', () => behindPublicUrl],
  ])('answer a loopback socket (%s)', async (_what, app) => {
    for (const address of ['127.0.0.1', '::1']) {
      const res = await devTickets(app(), address, { 'x-forwarded-for': '203.0.113.10' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ sso: [expect.any(String)], kioskUser: [expect.any(String)] });
    }
  });
});

describe('per-address limits', () => {
  it.each([
    ['the default config', () => t],
    ['PUBLIC_URL set', () => behindPublicUrl],
  ])('count forgot-password requests by the socket, whatever X-Forwarded-For says (%s)', async (_what, app) => {
    const socket = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await forgotPassword(app(), socket, forwardedAddress());
      expect(res.statusCode, res.body).toBe(204);
    }
    expectError(await forgotPassword(app(), socket, forwardedAddress()), 429, 'too_many_attempts');
    // Another socket has its own counter.
    expect((await forgotPassword(app(), nextIp(), forwardedAddress())).statusCode).toBe(204);
  });

  it('count failed sign-up verifications by the socket, whatever X-Forwarded-For says', async () => {
    const socket = nextIp();
    for (let i = 0; i < 10; i++) {
      expectError(await failedSignupVerification(t, socket, forwardedAddress(), i), 400, 'invalid_information');
    }
    expectError(await failedSignupVerification(t, socket, forwardedAddress(), 10), 429, 'too_many_attempts');
  });

  it('with TRUST_PROXY=1, count by the forwarded address: two clients behind one proxy have their own counters', async () => {
    const proxy = nextIp();
    const [first, second] = [nextIp(), nextIp()];
    for (let i = 0; i < 10; i++) expect((await forgotPassword(behindProxy, proxy, first)).statusCode).toBe(204);
    expectError(await forgotPassword(behindProxy, proxy, first), 429, 'too_many_attempts');
    // The second client behind the same proxy is not held back by the first.
    for (let i = 0; i < 10; i++) expect((await forgotPassword(behindProxy, proxy, second)).statusCode).toBe(204);
    expectError(await forgotPassword(behindProxy, proxy, second), 429, 'too_many_attempts');

    for (let i = 0; i < 10; i++) {
      expectError(await failedSignupVerification(behindProxy, proxy, first, 100 + i), 400, 'invalid_information');
    }
    expectError(await failedSignupVerification(behindProxy, proxy, first, 110), 429, 'too_many_attempts');
    expectError(await failedSignupVerification(behindProxy, proxy, second, 111), 400, 'invalid_information');
  });
});

describe('the client address', () => {
  async function readOwnRecord(app: TestApp, remoteAddress: string, forwardedFor: string) {
    const { bearer: token } = await fx.token('patientA');
    const res = await app.app.inject({
      method: 'GET',
      url: `/api/patients/${fx.patientA}`,
      remoteAddress,
      headers: { ...bearer(token), 'x-forwarded-for': forwardedFor },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ clientAddress: auditEvents.clientAddress })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, fx.patientA), eq(auditEvents.route, 'GET /api/patients/:patientId')))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return row?.clientAddress;
  }

  it('is the socket peer by default and with PUBLIC_URL, the forwarded address behind a trusted proxy', async () => {
    const socket = nextIp();
    expect(await readOwnRecord(t, socket, '198.51.100.77')).toBe(socket);
    expect(await readOwnRecord(behindPublicUrl, socket, '198.51.100.77')).toBe(socket);
    expect(await readOwnRecord(behindProxy, socket, '198.51.100.77')).toBe('198.51.100.77');
    // One hop: only the address the trusted proxy itself added (the last) is believed.
    expect(await readOwnRecord(behindProxy, socket, '127.0.0.1, 198.51.100.78')).toBe('198.51.100.78');
  });
});
