import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, labResults } from '../../src/db/schema/index';
import type { AccessFixture } from '../access-fixture';
import { expectError, openApiApp, request, type TestApp } from '../api';
import { integrationToken } from '../integration-client';

// Issue 31, finding 1: one request's bad path parameter (a NUL, or an emoji whose surrogate pair the audit
// detail's cut split) failed the group-committed audit insert of every read batched with it, and the 500 that
// followed came from Fastify's default handler with the SQL and other users' audit rows in its body.

const JANE_MRN = 'RCC-100234';
const FALLBACK_KEYS = ['error', 'message', 'requestId'];

let t: TestApp;
let fx: AccessFixture;
let janeToken: string;
let johnToken: string;
let integration: string;

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  janeToken = (await fx.token('patientA')).bearer!;
  johnToken = (await fx.token('patientB')).bearer!;
  integration = await integrationToken(t, 'clinical patients');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.database.session((s) => s.query('drop trigger if exists audit_poison on audit_events'));
});

const johnsList = () => `/api/patients/${fx.patientB}/labresults/published`;
const johnReads = (n: number) => Array.from({ length: n }, () => request(t, 'GET', johnsList(), { token: johnToken }));

/** No answer may carry SQL, a stack or an audit row's values. */
function expectNothingLeaked(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/insert into|audit_events|jsonb|Failed query|params:|at .+\.(js|ts):\d+/i);
}

/** A trigger that refuses the audit rows `condition` matches, as a failing insert of the batch. */
async function poisonAuditRows(condition: string) {
  await t.database.session(async (s) => {
    await s.query(`create or replace function audit_poison() returns trigger language plpgsql as $$
      begin if ${condition} then raise exception 'refused by the test'; end if; return new; end $$`);
    await s.query(
      'create trigger audit_poison before insert on audit_events for each row execute function audit_poison()',
    );
  });
}

describe('a bad path parameter and the shared audit batch', () => {
  it('answers 400 naming the parameter for a NUL, and the other user reading at the same time gets every answer', async () => {
    const bad = Array.from({ length: 30 }, () =>
      request(t, 'GET', `/api/patients/${fx.patientA}/labresults/published%00`, { token: janeToken }),
    );
    const answers = await Promise.all([...bad, ...johnReads(30)]);
    for (const res of answers.slice(0, 30)) {
      expectError(res, 400, 'validation_failed', 'labResultId');
      expectNothingLeaked(res);
    }
    for (const res of answers.slice(30)) expect(res.statusCode, res.body).toBe(200);
  });

  it('keeps a split emoji whole in the audit row, and no read batched with it fails', async () => {
    const url = `/api/patients/${fx.patientA}/labresults/${'a'.repeat(39)}%F0%9F%98%80`;
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => request(t, 'GET', url, { token: janeToken })),
      ...johnReads(20),
    ]);
    for (const res of answers.slice(0, 20)) {
      expect(res.statusCode).toBeLessThan(500);
      expectNothingLeaked(res);
    }
    for (const res of answers.slice(20)) expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.patientId, fx.patientA),
          eq(auditEvents.route, 'GET /api/patients/:patientId/labresults/:labResultId'),
        ),
      );
    const ids = rows.map((row) => (row.detail as { labResultId?: unknown } | null)?.labResultId);
    // Cut at 40 code points: the 39 letters and the whole emoji.
    expect(ids).toContain(`${'a'.repeat(39)}\u{1F600}`);
  });

  it('answers 400 for a NUL in an integration path parameter', async () => {
    const res = await request(t, 'GET', '/integration/v1/patients/RCC%00', { token: integration });
    expectError(res, 400, 'validation_failed', 'mrn');
    expectNothingLeaked(res);
  });
});

describe('an audit insert that fails', () => {
  it('fails no other row of the batch: the refused row is written without its detail', async () => {
    await poisonAuditRows(`new.detail->>'labResultId' = '999999'`);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        request(t, 'GET', `/api/patients/${fx.patientA}/labresults/999999`, { token: janeToken }),
      ),
      ...johnReads(30),
    ]);
    for (const res of answers.slice(0, 10)) expectError(res, 404, 'not_found');
    for (const res of answers.slice(10)) expect(res.statusCode, res.body).toBe(200);
    const withoutDetail = await t.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.patientId, fx.patientA),
          eq(auditEvents.route, 'GET /api/patients/:patientId/labresults/:labResultId'),
          isNull(auditEvents.detail),
        ),
      );
    expect(withoutDetail.length).toBe(10);
  });

  it('answers a read whose row cannot be written with internal_error and its request id only; the rest of the batch is served', async () => {
    await poisonAuditRows(`new.patient_id = ${fx.patientA} and new.route like '%/labresults/published'`);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        request(t, 'GET', `/api/patients/${fx.patientA}/labresults/published`, { token: janeToken }),
      ),
      ...johnReads(30),
    ]);
    for (const res of answers.slice(0, 10)) {
      expectError(res, 500, 'internal_error');
      expect(Object.keys(res.json<object>()).sort()).toEqual(FALLBACK_KEYS);
      expectNothingLeaked(res);
      // The security headers are kept on the last resort's answer.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const res of answers.slice(10)) expect(res.statusCode, res.body).toBe(200);
  });

  it('leaves the answer of a committed integration write as it was', async () => {
    await poisonAuditRows(`new.event_type = 'integrationcallauditevent'`);
    const ids = Array.from({ length: 10 }, () => `ACC-${randomUUID()}`);
    const answers = await Promise.all(
      ids.map((id) =>
        request(t, 'PUT', `/integration/v1/patients/${JANE_MRN}/lab-results/${id}`, {
          token: integration,
          body: {
            isPublished: true,
            collectedAt: new Date(Date.now() - 86_400_000).toISOString(),
            labName: 'RCC Laboratory',
            groups: [{ groupDisplayName: 'CBC', details: [{ testDisplayName: 'Hemoglobin', testValue: '11.2' }] }],
          },
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(300);
    const stored = await t.database.db
      .select({ id: labResults.id })
      .from(labResults)
      .where(eq(labResults.patientId, fx.patientA));
    expect(stored.length).toBeGreaterThanOrEqual(10);
  });
});

describe('the bearer scheme', () => {
  it('is case-insensitive (RFC 6750 section 2.1)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await t.app.inject({
        url: johnsList(),
        headers: { authorization: `${scheme} ${johnToken}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
  });
});
