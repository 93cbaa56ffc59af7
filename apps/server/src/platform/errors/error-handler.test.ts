import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONCURRENT_CHANGE_MESSAGE, registerErrorHandling } from './error-handler';

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
});
