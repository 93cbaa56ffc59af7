import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONCURRENT_CHANGE_MESSAGE, isDatabaseUnavailable, registerErrorHandling } from './error-handler';

describe('the error handler', () => {
  it('answers 409 conflict for a unique constraint two requests hit at once (the driver error wrapped or not)', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "x_idx"'), {
      code: '23505',
    });
    app.get('/plain', async () => {
      throw duplicate;
    });
    // Drizzle wraps the driver's error: the code is on its cause.
    app.get('/wrapped', async () => {
      throw new Error('Failed query: insert into ...', { cause: duplicate });
    });
    for (const url of ['/plain', '/wrapped']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'conflict', message: CONCURRENT_CHANGE_MESSAGE });
      expect(res.body).not.toContain('x_idx');
    }
    await app.close();
  });

  it('answers the last resort, internal_error with the request id only, when answering an error fails again', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const secret = 'Failed query: insert into audit_events ... params: [{"actor_user_id":7}]';
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      if (request.url !== '/fine') throw new Error(secret);
    });
    app.get('/fine', async () => ({ ok: true }));
    app.get('/read', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error(secret);
    });
    // A serialiser that refuses the error body: the error handler's own answer fails.
    app.get(
      '/serialiser',
      { schema: { response: { 500: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] } } } },
      async () => {
        throw new Error(secret);
      },
    );
    expect((await app.inject({ url: '/fine' })).statusCode).toBe(200);
    for (const url of ['/read', '/fails', '/serialiser']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(500);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(['error', 'message', 'requestId']);
      expect(body.error).toBe('internal_error');
      expect(res.body).not.toContain('audit_events');
      expect(res.body).not.toContain('actor_user_id');
    }
    await app.close();
  });

  it('answers 503 with Retry-After for every class of a database that cannot serve now', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const errors = [
      { code: '55000', message: 'database "portal" is not currently accepting connections' },
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '57P03', message: 'the database system is starting up' },
      { code: '08006', message: 'connection failure' },
      { code: '53300', message: 'sorry, too many clients already' },
      { code: '3D000', message: 'database "portal" does not exist' },
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    ];
    errors.forEach((fields, i) =>
      app.get(`/e${i}`, async () => {
        throw new Error('Failed query: select 1', { cause: Object.assign(new Error(fields.message), fields) });
      }),
    );
    for (let i = 0; i < errors.length; i++) {
      const res = await app.inject({ url: `/e${i}` });
      expect(res.statusCode, errors[i]!.code).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ error: 'service_unavailable' });
    }
    await app.close();
    // 55000 is also a statement's own state error (a sequence's currval before nextval): that is no outage.
    expect(
      isDatabaseUnavailable(Object.assign(new Error('currval of sequence "s" is not yet defined'), { code: '55000' })),
    ).toBe(false);
  });
});
