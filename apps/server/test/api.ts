import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ErrorBody } from '@portal/contracts';
import { patients, users } from '../src/db/schema/index';
import { bearer, seedAccessFixture, type AccessFixture, type CallerKind } from './access-fixture';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers';

export type { TestApp, TestAppOptions };

/** A caller of the authorisation matrix, or Alex Rivera: a demo patient without records of his own. */
export type Who = CallerKind | 'alex';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every request id is a UUID (app.ts: genReqId). */
const REQUEST_ID = /^[0-9a-f-]{36}$/;

/**
 * Asserts an error answer: the status, a JSON body with the error code, a message fit to show, the
 * request id and, when given, the field at fault (a string) or the exact message too (an object).
 */
export function expectError<B extends ErrorBody = ErrorBody>(
  res: LightMyRequestResponse,
  status: number,
  error: string,
  expected: string | { field?: string; message?: string } = {},
): B {
  const { field, message } = typeof expected === 'string' ? { field: expected, message: undefined } : expected;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<B>();
  expect(body.error).toBe(error);
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message).toBe(message);
  expect(body.requestId).toMatch(REQUEST_ID);
  if (field !== undefined) expect(body.field).toBe(field);
  return body;
}

/** Asserts a 200 JSON answer that no cache may keep, and returns its body. */
export function expectOk<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<T>();
}

/** Asserts a 204 answer with an empty body. */
export function expectNoContent(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(204);
  expect(res.body).toBe('');
}

/** Alex Rivera's user and patient ids, looked up by username. */
export async function alexOf(t: TestApp): Promise<{ userId: number; patientId: number }> {
  const db = t.database.db;
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'alex.rivera'));
  if (!u) throw new Error('no alex.rivera');
  const [p] = await db.select({ id: patients.id }).from(patients).where(eq(patients.userId, u.id));
  if (!p) throw new Error('no patient for alex.rivera');
  return { userId: u.id, patientId: p.id };
}

/** Requests to the app as a kind of caller: each asks for a fresh session (none for anonymous). */
export function apiCaller(t: TestApp, fx: AccessFixture) {
  let alex: ReturnType<typeof alexOf> | undefined;

  /** A fresh access token for a caller (null for anonymous), plus its user id (0 when it has none). */
  async function token(who: Who): Promise<{ bearer: string | null; userId: number }> {
    if (who !== 'alex') return fx.token(who);
    const { userId } = await (alex ??= alexOf(t));
    // Alex stands for a patient without records here; the server shows no record before the terms are accepted.
    await t.database.db.update(users).set({ isEulaAccepted: true }).where(eq(users.id, userId));
    const session = await t.app.deps.sessions.create(t.database.db, {
      userId,
      patientId: null,
      facilityId: fx.facilityId,
      loginType: 'userNamePassword',
    });
    return { bearer: session.accessToken, userId };
  }

  async function call(method: Method, url: string, who: Who, payload?: unknown) {
    const { bearer: accessToken } = await token(who);
    return t.app.inject({
      method,
      url,
      headers: bearer(accessToken),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  return {
    token,
    /** Just the bearer token of a fresh session (null for anonymous). */
    tokenOf: async (who: Who) => (await token(who)).bearer,
    call,
    get: (url: string, who: Who) => call('GET', url, who),
    post: (url: string, who: Who, payload?: unknown) => call('POST', url, who, payload),
    put: (url: string, who: Who, payload?: unknown) => call('PUT', url, who, payload),
    patch: (url: string, who: Who, payload?: unknown) => call('PATCH', url, who, payload),
    delete: (url: string, who: Who, payload?: unknown) => call('DELETE', url, who, payload),
  };
}
export type ApiCaller = ReturnType<typeof apiCaller>;

/** One request as a kind of caller of the fixture (a fresh session each time), with extra headers if any. */
export async function injectAs(
  t: TestApp,
  fx: AccessFixture,
  who: CallerKind,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const { bearer: token } = await fx.token(who);
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let ipCounter = 0;

/**
 * A client address of its own for each request (10.9.x.y), so the per-IP rate limits only bite where a
 * test sends several requests from one address on purpose.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface RequestOptions {
  /** A bearer token (none when null, undefined or empty). */
  token?: string | null;
  /** A JSON payload. */
  body?: unknown;
  /** The client address; a fresh one (nextIp) unless given. */
  ip?: string;
  headers?: Record<string, string>;
}

/** One request to the app from a client address of its own unless told, with a bearer token if given. */
export function request(t: TestApp, method: Method, url: string, options: RequestOptions = {}) {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? nextIp(),
    headers: { ...bearer(options.token ?? null), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/**
 * A test app on the demo seed, with everything an API test file needs: the fixture's callers, the
 * database, alex.rivera (a patient without records) and the request helpers. Call it in beforeAll;
 * `options` gives the app settings of its own (config, a log stream) or a database of its own (one that counts its
 * statements, say).
 */
export async function openApiApp(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options);
  const fx = await seedAccessFixture(t);
  return { t, fx, db: t.database.db, api: apiCaller(t, fx), alex: await alexOf(t) };
}

/**
 * A second app on the database of `t` with other settings (production, another log level or stream,
 * another public URL). Its close() closes only the app: the database stays with `t`.
 */
export async function openSecondApp(t: TestApp, options: TestAppOptions): Promise<TestApp> {
  const second = await createTestApp({ ...options, database: t.database });
  return { ...second, close: () => second.app.close() };
}
