import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslationsSchema } from '@portal/contracts';
import { bearer, type AccessFixture, type CallerKind } from '../access-fixture';
import { expectError, expectOk, openApiApp, type TestApp } from '../api';
import { fill } from '../route-samples';

// GET api/languages/translations (spec 001, issue 11): a session route that takes its language from the query.

let t: TestApp;
let fx: AccessFixture;
const ROUTE = '/api/languages/translations';

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/languages/translations', () => {
  it('is in the route table as a session route, and the matrix asks it with a valid language', () => {
    const route = t.app.routeTable.find((r) => r.url === ROUTE && r.method === 'GET');
    expect(route?.access).toBe('session');
    expect(fill(ROUTE, {})).toBe(`${ROUTE}?language=es-MX`);
  });

  it('answers 401 without a session, before looking at the language', async () => {
    for (const url of [`${ROUTE}?language=es-MX`, `${ROUTE}?language=xx`, ROUTE]) {
      expectError(await t.app.inject({ url }), 401, 'unauthorized');
    }
  });

  it('answers every kind of session, with no-store, and nothing about the caller', async () => {
    const sessions: CallerKind[] = [
      'patientA',
      'patientB',
      'representativeOfA',
      'disabledRepresentative',
      'kioskStaff',
      'kioskUserOfA',
      'linkUserOfA',
    ];
    for (const kind of sessions) {
      const { bearer: token } = await fx.token(kind);
      const res = await t.app.inject({ url: `${ROUTE}?language=zh`, headers: bearer(token) });
      const body = TranslationsSchema.strict().parse(expectOk(res));
      expect(body.language, kind).toBe('zh');
      expect(JSON.stringify(body)).not.toMatch(/Jane|Doe|Smith|@/);
    }
  });

  it.each([
    ['a control character', encodeURIComponent('es-MX\u0000')],
    ['an escape', encodeURIComponent('\u001b[31m')],
    ['a lone surrogate (as CESU-8)', 'zh%ED%A0%80'],
    ['a very long value', 'es-MX'.repeat(100)],
    ['an injection attempt', encodeURIComponent("es-MX' OR '1'='1")],
    ['a path', encodeURIComponent('../../../etc/passwd')],
    ['a language the portal does not speak', 'de-DE'],
  ])('answers 400 validation_failed naming language for %s', async (_name, encoded) => {
    const { bearer: token } = await fx.token('patientA');
    const url = `${ROUTE}?language=${encoded}`;
    expectError(await t.app.inject({ url, headers: bearer(token) }), 400, 'validation_failed', 'language');
  });

  it('answers 400 naming language when it is missing or given twice', async () => {
    const { bearer: token } = await fx.token('patientA');
    for (const url of [ROUTE, `${ROUTE}?language=es-MX&language=zh`, `${ROUTE}?lang=es-MX`]) {
      expectError(await t.app.inject({ url, headers: bearer(token) }), 400, 'validation_failed', 'language');
    }
  });
});
