import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessFixture } from '../access-fixture';
import { nextIp, openApiApp, request, type ApiCaller, type TestApp } from '../api';
import { integrationToken } from '../integration-client';
import { helmetHeaders } from '../../src/platform/http/security';

// Issue 10, finding 9: the no-store rule matched /api/ in lower case only, so /API/... answers (the router
// ignores case) could be cached; /token answers carried tokens without no-store; Fastify's own errors did not
// all carry the security headers and the standard error body.

let t: TestApp;
let fx: AccessFixture;
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, api } = await openApiApp());
});
afterAll(async () => {
  await t.close();
});

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The headers every answer carries, whoever produced it. */
function expectSecurityHeaders(headers: Record<string, string | string[] | number | undefined>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  const csp = headers['content-security-policy'];
  expect(typeof csp === 'string' ? csp : '', what).toMatch(/default-src 'self'/);
  expect(typeof csp === 'string' ? csp : '', what).toMatch(/frame-ancestors 'none'/);
  expect(headers['referrer-policy'], what).toBe('no-referrer');
}

/** Our error body: { error, message, requestId }, snake-case codes of our own, nothing of Fastify's. */
function expectOurErrorBody(body: string, status: number, error: string, what: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(parsed, what).toEqual({ error, message: expect.any(String), requestId: expect.stringMatching(REQUEST_ID) });
  expect(String(parsed.message).length, what).toBeGreaterThan(0);
  expect(body, what).not.toMatch(/FST_|statusCode/);
  expect(status, what).toBeGreaterThanOrEqual(400);
}

function expectStandardError(res: LightMyRequestResponse, status: number, error: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  expectSecurityHeaders(res.headers, what);
  expect(res.headers['cache-control'], what).toBe('no-store');
  expectOurErrorBody(res.body, status, error, what);
}

describe('no-store', () => {
  it.each([
    '/api/patients/:id/labresults/published',
    '/API/patients/:id/labresults/published',
    '/Api/Patients/:id/LabResults/Published',
    '/API/PATIENTS/:id/LABRESULTS/PUBLISHED',
  ])('is on the test results of patient A at %s', async (path) => {
    const res = await api.get(path.replace(':id', String(fx.patientA)), 'patientA');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it.each(['/token', '/TOKEN', '/Token?x=1'])('is on POST %s answers, success and failure', async (url) => {
    const form = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const ok = await form({ grant_type: 'password', username: 'robert.doe', password: 'Wrong#Password1' });
    expect(ok.statusCode).toBe(400);
    expect(ok.headers['cache-control']).toBe('no-store');
    const bad = await form({ grant_type: 'nonsense' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(bad.headers, url);
  });

  it('is on the integration event feed, which carries completed questionnaires', async () => {
    const token = await integrationToken(t, 'events');
    const res = await t.app.inject({ url: '/integration/v1/events', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is on a successful login, whose answer carries the tokens', async () => {
    const { DEMO_PASSWORD } = await import('../../src/demo/demo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/Token',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'jane.doe',
        password: DEMO_PASSWORD,
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ access_token: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(res.headers, 'login');
  });
});

describe("Fastify's own errors carry the security headers and our error body", () => {
  it('404 for an unknown /api path, any case', async () => {
    for (const url of ['/api/no/such/route', '/API/NO/SUCH/ROUTE']) {
      expectStandardError(await request(t, 'GET', url), 404, 'not_found', url);
    }
  });

  it('404 for a path parameter longer than the router takes', async () => {
    const res = await request(t, 'GET', `/api/patients/${'9'.repeat(600)}`);
    expectStandardError(res, 404, 'not_found', 'long parameter');
  });

  it('400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgotPassword?userName=x',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expectStandardError(res, 400, 'bad_request', 'malformed JSON');
  });

  it('400 for an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/signup/invitedPatientValidation',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectStandardError(res, 400, 'bad_request', 'empty JSON');
  });

  it('413 for a JSON body over the limit (1 MiB)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/signup/invitedPatientValidation',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(1_100_000) }),
    });
    expectStandardError(res, 413, 'payload_too_large', 'JSON over the limit');
  });

  it('413 for a form body over the limit of /token (16 KiB)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/token',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&username=${'x'.repeat(20_000)}`,
    });
    expectStandardError(res, 413, 'payload_too_large', 'form over the limit');
  });

  it('415 for a content type no parser takes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/signup/invitedPatientValidation',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/xml' },
      payload: '<hello/>',
    });
    expectStandardError(res, 415, 'unsupported_media_type', 'application/xml');
  });

  it('401 for a patient route without a session', async () => {
    const res = await request(t, 'GET', `/api/patients/${fx.patientA}/labresults/published`);
    expectStandardError(res, 401, 'unauthorized', 'no session');
  });

  it('404 for a developer route asked by a remote socket', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/tickets', remoteAddress: '203.0.113.9' });
    expectStandardError(res, 404, 'not_found', 'developer route from afar');
  });

  it('400 for an unknown portal-type header', async () => {
    const res = await request(t, 'GET', '/api/facilities?facilityAlias=localhost', {
      headers: { 'portal-type': 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expectSecurityHeaders(res.headers, 'portal-type');
    expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'portal-type' });
  });

  it('400 for a path that is not a valid URL component', async () => {
    const res = await request(t, 'GET', '/api/patients/%E0%A4%A');
    expectStandardError(res, 400, 'bad_request', 'bad URL');
  });
});

describe('errors the HTTP server answers before any route', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends raw bytes and reads the whole answer (the server closes the connection after a client error). */
  function raw(bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = text.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
      });
      socket.write(bytes);
      setTimeout(() => socket.end(), 500).unref();
    });
  }

  it('a real request over the socket gets the security headers (the control case)', async () => {
    const res = await raw('GET /api/no/such/route HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(404);
    expectSecurityHeaders(res.headers, 'socket 404');
  });

  it('431 for request headers over the limit', async () => {
    const res = await raw(
      `GET /api/facilities HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expectSecurityHeaders(res.headers, '431');
    expect(res.headers['cache-control'], '431').toBe('no-store');
    expectOurErrorBody(res.body, res.status, 'request_header_fields_too_large', '431');
  });

  it('400 for a request the HTTP parser cannot read', async () => {
    const res = await raw('GET /api/facilities HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect(res.status).toBe(400);
    expectSecurityHeaders(res.headers, 'unparsable request');
    expectOurErrorBody(res.body, res.status, 'bad_request', 'unparsable request');
  });
});

describe("helmet's headers, worked out once", () => {
  it('are on an answer as helmet writes them: the whole set, the policy ours, no HSTS over plain HTTP', async () => {
    const res = await api.get(`/api/patients/${fx.patientA}/labresults/published`, 'patientA');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers).toMatchObject({
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "font-src 'self' data:;connect-src 'self';frame-src 'self' blob:;object-src 'none';base-uri 'self';" +
        "form-action 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('add HSTS and upgrade-insecure-requests when the portal is served over HTTPS', () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] },
      },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toBe("default-src 'self';upgrade-insecure-requests");
  });
});
