import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { bearer, seedAccessFixture, type AccessFixture } from '../../../test/access-fixture';
import { createTestDatabase, testConfig } from '../../../test/helpers';
import { scopeOf } from '../access/access-control';
import { pathOf, URL_TOKEN_MS } from './url-tokens';

type Built = Awaited<ReturnType<typeof buildApp>>;
let app: Built;
let database: Database;
let fx: AccessFixture;

// A document route and a record route of our own, as modules declare them.
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  app = await buildApp({ config, database });
  app.get(
    '/api/patients/:patientId/testDocument',
    { config: { access: 'patient', urlToken: true } },
    async (request) => ({ patientId: scopeOf(request).patientId }),
  );
  app.get('/api/patients/:patientId/testBearerOnly', { config: { access: 'patient' } }, async (request) => ({
    patientId: scopeOf(request).patientId,
  }));
  app.get(
    '/api/testRecords/:recordId',
    {
      config: {
        access: 'patient',
        // Record 1 is patient A's, record 2 patient B's, any other is missing.
        patientOf: async (_db, params) =>
          params.recordId === '1' ? fx.patientA : params.recordId === '2' ? fx.patientB : null,
      },
    },
    async (request) => ({ patientId: scopeOf(request).patientId }),
  );
  await app.ready();
  fx = await seedAccessFixture({ app, database, config, close: () => app.close() });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function mint(token: string | null, path: string) {
  return app.inject({ method: 'POST', url: '/api/urlTokens', headers: bearer(token), payload: { path } });
}

describe('POST /api/urlTokens', () => {
  it('gives a token valid five minutes', async () => {
    const { bearer: token } = await fx.token('patientA');
    const res = await mint(token, `/api/patients/${fx.patientA}/testDocument`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), expiresIn: URL_TOKEN_MS / 1000 });
  });

  it('needs a session', async () => {
    const res = await mint(null, '/api/patients/1/testDocument');
    expect(res.statusCode).toBe(401);
  });

  it('refuses what is not an API path, naming the field', async () => {
    const { bearer: token } = await fx.token('patientA');
    for (const path of ['https://evil.example/api/x', '/login', '/api/../x', '/api/a?y=1', '']) {
      const res = await mint(token, path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toMatch(/path/);
    }
  });
});

describe('a route that takes URL tokens', () => {
  it('opens its exact path for the session that asked, and nothing else', async () => {
    const { bearer: token } = await fx.token('patientA');
    const path = `/api/patients/${fx.patientA}/testDocument`;
    const { token: urlToken } = (await mint(token, path)).json();
    const ok = await app.inject({ url: `${path}?token=${encodeURIComponent(urlToken)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ patientId: fx.patientA });

    // Another path, or a route that takes only the bearer header: the token opens nothing.
    const other = await app.inject({ url: `/api/patients/${fx.patientB}/testDocument?token=${urlToken}` });
    expect(other.statusCode).toBe(401);
    const bearerOnly = await app.inject({
      url: `/api/patients/${fx.patientA}/testBearerOnly?token=${encodeURIComponent(urlToken)}`,
    });
    expect(bearerOnly.statusCode).toBe(401);
  });

  it('still applies the access rule: a token for someone else’s record is a 404', async () => {
    const { bearer: token } = await fx.token('patientB');
    const path = `/api/patients/${fx.patientA}/testDocument`;
    const { token: urlToken } = (await mint(token, path)).json();
    const res = await app.inject({ url: `${path}?token=${encodeURIComponent(urlToken)}` });
    expect(res.statusCode).toBe(404);
  });

  it('stops working when the session ends', async () => {
    const fresh = await fx.token('patientA');
    const path = `/api/patients/${fx.patientA}/testDocument`;
    const { token: urlToken } = (await mint(fresh.bearer, path)).json();
    const logoff = await app.inject({
      method: 'POST',
      url: `/api/users/${fresh.userId}/audit/logoff`,
      headers: bearer(fresh.bearer),
    });
    expect(logoff.statusCode).toBe(204);
    const res = await app.inject({ url: `${path}?token=${encodeURIComponent(urlToken)}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses forged and garbled tokens', async () => {
    const path = `/api/patients/${fx.patientA}/testDocument`;
    for (const bad of ['x', 'A'.repeat(80), 'not-a-real-token']) {
      expect((await app.inject({ url: `${path}?token=${bad}` })).statusCode).toBe(401);
    }
  });
});

describe('a record route that names no patient (patientOf)', () => {
  it('runs the one access check on the record’s patient', async () => {
    const a = await fx.token('patientA');
    const rep = await fx.token('representativeOfA');
    const b = await fx.token('patientB');
    expect((await app.inject({ url: '/api/testRecords/1', headers: bearer(a.bearer) })).json()).toEqual({
      patientId: fx.patientA,
    });
    expect((await app.inject({ url: '/api/testRecords/1', headers: bearer(rep.bearer) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/testRecords/1', headers: bearer(b.bearer) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/testRecords/2', headers: bearer(a.bearer) })).statusCode).toBe(404);
  });

  it('answers 404 for a missing record and an id that is no id, 401 without a session', async () => {
    const a = await fx.token('patientA');
    expect((await app.inject({ url: '/api/testRecords/3', headers: bearer(a.bearer) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/testRecords/abc', headers: bearer(a.bearer) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/testRecords/-1', headers: bearer(a.bearer) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/testRecords/1' })).statusCode).toBe(401);
  });
});

describe('pathOf', () => {
  it('drops the query string', () => {
    expect(pathOf('/api/a/b?token=x&y=1')).toBe('/api/a/b');
    expect(pathOf('/api/a/b')).toBe('/api/a/b');
  });
});
