import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ErrorBody } from '@portal/contracts';
import { openApiApp, type TestApp } from '../../test/api';
import { captureLogs, createTestApp, createTestDatabase, testConfig } from '../../test/helpers';
import { buildApp, type App } from '../app';
import { wrapPgPool, type Database } from '../db/client';
import { prepareDatabase } from '../startup';
import { ACCESS_RULES } from './access/access-control';

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function cspDirectives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('a seeded app', () => {
  let t: TestApp;

  beforeAll(async () => {
    ({ t } = await openApiApp());
  });
  afterAll(async () => {
    await t.close();
  });

  describe('security headers', () => {
    it.each([
      ['an API response', '/api/facilities?facilityAlias=localhost', 200],
      ['an API 404', '/api/nope', 404],
      ['a validation error', '/api/facilities', 400],
    ])('are strict on %s', async (_what, url, status) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      const csp = cspDirectives(res);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('never allows inline script', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/facilities?facilityAlias=localhost' });
      expect(cspDirectives(res).get('script-src')).not.toContain("'unsafe-inline'");
      expect(cspDirectives(res).get('script-src')).not.toContain("'unsafe-eval'");
    });

    it('compresses a large response for a client that accepts gzip', async () => {
      const url = '/api/content/languagepack/patientPortal';
      const plain = await t.app.inject({ method: 'GET', url });
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const unzipped = gunzipSync(res.rawPayload);
      expect(unzipped.length).toBeGreaterThan(res.rawPayload.length);
      expect(JSON.parse(unzipped.toString('utf8'))).toEqual(plain.json());
      expect(plain.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('the portal-type header', () => {
    it.each(['kioskManagement', 'patientPortal'])('accepts %s', async (portalType) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/facilities?facilityAlias=localhost',
        headers: { 'portal-type': portalType },
      });
      expect(res.statusCode).toBe(200);
    });

    it('rejects an unknown portal type with 400 naming the header', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/facilities?facilityAlias=localhost',
        headers: { 'portal-type': 'admin' },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body).toEqual({
        error: 'validation_failed',
        message: expect.stringContaining('portal-type'),
        field: 'portal-type',
        requestId: expect.stringMatching(REQUEST_ID),
      });
    });
  });

  describe('health', () => {
    it('answers /healthz and /readyz', async () => {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    });
  });

  describe('API description', () => {
    it('serves an OpenAPI 3.1 document of the API', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/facilities',
          '/api/facilities/{facilityId}/images/logoUrl',
          '/api/themes/{themeId}/css',
          '/api/content/languagepack/patientPortal',
          '/api/content/{contentKey}',
          '/api/content/{contentKey}/facilityToken/{facilityId}',
        ]),
      );
      expect(Object.keys(doc.paths)).not.toContain('/api/openapi.json');
    });

    it('serves the API docs page', async () => {
      let res = await t.app.inject({ method: 'GET', url: '/api/docs' });
      if (res.statusCode >= 300 && res.statusCode < 400) {
        res = await t.app.inject({ method: 'GET', url: String(res.headers.location) });
      }
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/swagger/i);
    });
  });

  describe('the route table', () => {
    it('lists every route with an access rule', () => {
      const table = t.app.routeTable;
      for (const entry of table) {
        expect(ACCESS_RULES, `${entry.method} ${entry.url}`).toContain(entry.access);
        expect(t.app.hasRoute({ method: entry.method, url: entry.url }), `${entry.method} ${entry.url}`).toBe(true);
      }
      expect(table).toEqual(
        expect.arrayContaining([
          { method: 'GET', url: '/healthz', access: 'public' },
          { method: 'GET', url: '/readyz', access: 'public' },
          { method: 'GET', url: '/api/facilities', access: 'public' },
          { method: 'GET', url: '/api/facilities/:facilityId/images/logoUrl', access: 'public' },
          { method: 'GET', url: '/api/themes/:themeId/css', access: 'public' },
          { method: 'GET', url: '/api/content/languagepack/patientPortal', access: 'public' },
          { method: 'GET', url: '/api/content/:contentKey', access: 'public' },
          { method: 'GET', url: '/api/content/:contentKey/facilityToken/:facilityId', access: 'public' },
          { method: 'GET', url: '/api/openapi.json', access: 'public' },
        ]),
      );
      // Each route once, and as many entries as the router holds (HEAD routes mirror GET ones).
      const keys = table.map((e) => `${e.method} ${e.url}`);
      expect(new Set(keys).size).toBe(keys.length);
      const routerMethods = [...t.app.printRoutes({ commonPrefix: false }).matchAll(/\(([A-Z, ]+)\)/g)]
        .flatMap((m) => m[1]!.split(', '))
        .filter((method) => method !== 'HEAD');
      expect(table).toHaveLength(routerMethods.length);
    });
  });
});

describe('HTTPS deployment', () => {
  it('sends strict-transport-security when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ config: { PUBLIC_URL: 'https://portal.example.org' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(res.headers['strict-transport-security']).toMatch(/includeSubDomains/);
    } finally {
      await t.close();
    }
  });
});

describe('when the database goes away', () => {
  it('reports unavailable on /readyz and 503 service_unavailable with Retry-After on the API', async () => {
    const t = await createTestApp();
    try {
      await prepareDatabase(t.database, t.config, { info() {} }, { seed: true });
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await t.database.close();

      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });

      const res = await t.app.inject({ method: 'GET', url: '/api/facilities?facilityAlias=localhost' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json<ErrorBody>()).toEqual({
        error: 'service_unavailable',
        message: expect.any(String),
        requestId: expect.stringMatching(REQUEST_ID),
      });
      // The process itself is still alive.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});

describe('when the PostgreSQL server cannot be reached', () => {
  it('reports unavailable on /readyz and 503 service_unavailable with Retry-After on the API', async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    const database = wrapPgPool(
      new pg.Pool({ connectionString: 'postgres://portal@127.0.0.1:1/portal', connectionTimeoutMillis: 2000 }),
    );
    const app = await buildApp({ config: testConfig(), database });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });

      const res = await app.inject({ method: 'GET', url: '/api/facilities?facilityAlias=localhost' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json<ErrorBody>()).toEqual({
        error: 'service_unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
        requestId: expect.stringMatching(REQUEST_ID),
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('error handling', () => {
  let database: Database;
  let app: App;
  const logs = captureLogs();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'error' }), database, logStream: logs.stream });
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret SQL select * from users');
    });
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/test/echo',
      {
        config: { access: 'public' },
        schema: { body: z.object({ name: z.string().min(1), age: z.number().int() }) },
      },
      async (request) => ({ hello: request.body.name }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers an unexpected error with a generic 500 that reveals nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json<ErrorBody>()).toEqual({
      error: 'internal_error',
      message: 'An unexpected error has occurred. Please report this to your system administrator.',
      requestId: expect.stringMatching(REQUEST_ID),
    });
    expect(res.body).not.toContain('SQL');
    expect(res.body).not.toContain('users');
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+/);
    expect(res.body).not.toContain('stack');
    // ...while the operator finds the cause in the log under the same request id.
    const logged = logs.lines.map((l) => JSON.parse(l) as { reqId?: string; err?: { message?: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        reqId: res.json<ErrorBody>().requestId,
        err: expect.objectContaining({ message: 'secret SQL select * from users' }),
      }),
    );
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Jane", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toEqual({
      error: 'bad_request',
      message: expect.any(String),
      requestId: expect.stringMatching(REQUEST_ID),
    });
  });

  it('answers a body that fails the schema with 400 validation_failed naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Jane', age: 'old' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body).toMatchObject({ error: 'validation_failed', field: 'age' });
    expect(body.message).toMatch(/^age: /);
    expect(body.errors).toEqual([{ field: 'age', message: expect.any(String) }]);

    const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { age: 3 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', field: 'name' });

    const ok = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Jane', age: 58 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ hello: 'Jane' });
  });
});

describe('route access declarations', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('refuses a route that declares no access rule, naming it', async () => {
    const app = await buildApp({ config: testConfig(), database });
    try {
      const attempt = async () => {
        app.get('/api/test/undeclared', async () => 'exposed');
        await app.ready();
      };
      await expect(attempt()).rejects.toThrow(/GET.*\/api\/test\/undeclared/);
    } finally {
      await app.close().catch(() => {});
    }
  });

  it('refuses an unknown access rule, naming it', async () => {
    const app = await buildApp({ config: testConfig(), database });
    try {
      const attempt = async () => {
        app.get('/api/test/odd', { config: { access: 'everyone' as never } }, async () => 'exposed');
        await app.ready();
      };
      await expect(attempt()).rejects.toThrow(/\/api\/test\/odd.*everyone/);
    } finally {
      await app.close().catch(() => {});
    }
  });
});

describe('logging', () => {
  it('keeps credentials out of the log and tags each line with the request id', async () => {
    const logs = captureLogs();
    const t = await createTestApp({ config: { LOG_LEVEL: 'info' }, logStream: logs.stream });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/facilities?facilityAlias=nowhere&token=SECRET-QUERY',
        headers: { authorization: 'Bearer SECRET-TOKEN-123', cookie: 'session=SECRET-COOKIE' },
      });
      expect(res.statusCode).toBe(404);
      const { requestId } = res.json<ErrorBody>();

      const text = logs.text();
      expect(text).not.toContain('SECRET-TOKEN-123');
      expect(text).not.toContain('SECRET-QUERY');
      expect(text).not.toContain('SECRET-COOKIE');

      const lines = logs.lines.map((l) => JSON.parse(l) as { reqId?: string; req?: { url?: string }; msg?: string });
      const mine = lines.filter((l) => l.reqId === requestId);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      expect(mine.find((l) => l.req)?.req?.url).toBe('/api/facilities?facilityAlias=nowhere&token=[REDACTED]');
    } finally {
      await t.close();
    }
  });
});

describe('the web app', () => {
  let dir: string;
  let t: TestApp;
  const INDEX = '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("portal");\n');
    t = await createTestApp({ config: { WEB_DIST_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for an app path a browser asks for, never cached', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
    expect(cspDirectives(res).get('script-src')).toEqual(["'self'"]);
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("portal");\n');
  });

  it('answers an unknown API path with a JSON 404, even for a browser', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json<ErrorBody>()).toEqual({
        error: 'not_found',
        message: 'Not found.',
        requestId: expect.stringMatching(REQUEST_ID),
      });
    }
  });

  it('answers a missing file with 404, not with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/missing.js', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('answers an app path with a JSON 404 for a client that does not want a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error).toBe('not_found');
  });
});
