import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

// Issue 31, finding 11: the OpenAPI documents and their pages answered 200 in production, a map of every route
// for whoever asks. They are off in production unless API_DOCS=on.

const DOCS = ['/api/docs/', '/api/openapi.json', '/integration/docs/', '/integration/v1/openapi.json'];

let off: TestApp;
let on: TestApp;

beforeAll(async () => {
  off = await createTestApp({ config: { NODE_ENV: 'production' } });
  on = await createTestApp({ config: { NODE_ENV: 'production', API_DOCS: 'on' } });
});
afterAll(async () => {
  await off?.close();
  await on?.close();
});

describe('API documentation in production', () => {
  it.each(DOCS)('%s is a 404 without API_DOCS', async (url) => {
    const res = await off.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', requestId: expect.any(String) });
  });

  it.each(DOCS)('%s answers with API_DOCS=on', async (url) => {
    const res = await on.app.inject({ url });
    expect(res.statusCode).toBe(200);
  });
});
