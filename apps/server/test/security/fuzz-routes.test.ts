import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule, RouteEntry } from '../../src/platform/access/access-control';
import type { AccessFixture, CallerKind } from '../access-fixture';
import { openApiApp, request, type Method, type TestApp } from '../api';
import { SAMPLE_PARAMS } from '../route-samples';

// Issue 31, "done when": every route of both OpenAPI documents, sent hostile path parameters, query fields and
// bodies (a NUL, lone surrogates, an emoji split where a cut would fall, over-long values, wrong types) by a
// caller the route lets in, answers no 5xx; no body carries SQL, a stack or another patient's data; and another
// patient reading at the same time is served every time.

let t: TestApp;
let fx: AccessFixture;
const tokens = new Map<CallerKind, string | null>();
let johnToken: string;

/** The caller each access rule lets in, so the hostile values reach validation and the handlers. */
const CALLER_OF_RULE: Record<AccessRule, CallerKind> = {
  public: 'anonymous',
  development: 'anonymous',
  session: 'patientA',
  user: 'patientA',
  patient: 'patientA',
  contact: 'patientA',
  kioskStaff: 'kioskStaff',
  integration: 'integrationClient',
};

const HOSTILE_TEXTS = [
  'a\u0000b',
  '\uD800',
  'x\uDC00',
  `${'a'.repeat(39)}\u{1F600}`,
  `${'a'.repeat(99)}\u{1F600}`,
  'é'.repeat(5000),
  '-1',
  '99999999999999999999',
  '1e309',
  'null',
  '../../etc/passwd',
  "' or 1=1 --",
];
const HOSTILE_VALUES: unknown[] = [
  'a\u0000b',
  '\uDBFF',
  `${'a'.repeat(39)}\u{1F600}`,
  'z'.repeat(100_000),
  Number.MAX_SAFE_INTEGER * 4,
  -1,
  true,
  null,
  [],
  { nested: 'a\u0000' },
  ['\uD800'],
];

/** What no answer may hold: a failed query, a table, a stack, a driver's words. */
const LEAKS = /insert into|audit_events|Failed query|params:|jsonb_|\bat .+\.(js|ts):\d+|node_modules/i;
/** And an error answer no SQL at all (a success's text may well say "select a date from the list"). */
const SQL = /\bselect\b.+\bfrom\b|\bwhere\b.+=\s*\$\d/i;
let otherPatientMarks: string[] = [];

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

interface Target {
  method: Method;
  url: string;
  rule: AccessRule;
  pathParams: string[];
  queryFields: string[];
  bodyFields: string[];
  formBody: boolean;
}

function targets(): Target[] {
  const table = new Map(t.app.routeTable.map((r: RouteEntry) => [`${r.method} ${r.url.toLowerCase()}`, r]));
  const out: Target[] = [];
  const docs = [t.app.swagger(), t.app.integrationSwagger()] as unknown as OpenApiDocument[];
  for (const doc of docs) {
    for (const [path, operations] of Object.entries(doc.paths)) {
      const url = path.replace(/\{([A-Za-z]+)\}/g, ':$1');
      for (const [method, op] of Object.entries(operations)) {
        const entry = table.get(`${method.toUpperCase()} ${url.toLowerCase()}`);
        if (!entry) continue;
        const content = op.requestBody?.content ?? {};
        const json = content['application/json'] ?? content['application/x-www-form-urlencoded'];
        out.push({
          method: method.toUpperCase() as Method,
          url: entry.url,
          rule: entry.access,
          pathParams: [...entry.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!),
          queryFields: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          bodyFields: Object.keys(json?.schema?.properties ?? {}),
          formBody: !content['application/json'] && !!content['application/x-www-form-urlencoded'],
        });
      }
    }
  }
  return out;
}

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  for (const kind of new Set(Object.values(CALLER_OF_RULE))) tokens.set(kind, (await fx.token(kind)).bearer);
  johnToken = (await fx.token('patientB')).bearer!;
  const [john] = await t.database.session((s) =>
    s.query<{ first_name: string; last_name: string; mrn: string | null }>(
      'select first_name, last_name, mrn from patients where id = $1',
      [fx.patientB],
    ),
  );
  otherPatientMarks = [john?.mrn].filter((v): v is string => !!v && v.length > 3);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function encodePath(value: string): string {
  // A lone surrogate cannot be percent-encoded as UTF-8: send the bytes a client would (CESU-style) instead.
  return value
    .replace(/[\uD800-\uDFFF]/g, (c) => {
      const code = c.charCodeAt(0);
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    })
    .replace(/[^A-Za-z0-9%._~-]/gu, (c) => encodeURIComponent(c));
}

function pathOf(target: Target, override?: [string, string]): string {
  const base: Record<string, string> = {
    ...SAMPLE_PARAMS,
    patientId: String(fx.patientA),
    userId: String(fx.userIds.jane),
    contactId: String(fx.contactOfA),
    id: '1',
    labResultId: '1',
    noteId: '1',
    articleId: '1',
    threadId: '1',
  };
  return target.url.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    override && override[0] === name ? encodePath(override[1]) : encodeURIComponent(base[name] ?? '1'),
  );
}

function send(target: Target, url: string, body?: unknown): Promise<LightMyRequestResponse> {
  const token = tokens.get(CALLER_OF_RULE[target.rule]) ?? null;
  if (body !== undefined && target.formBody) {
    const form = Object.entries(body as Record<string, unknown>)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodePath(String(v))}`)
      .join('&');
    return request(t, target.method, url, {
      token,
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  return request(t, target.method, url, { token, ...(body === undefined ? {} : { body }) });
}

function requestsOf(target: Target): (() => Promise<LightMyRequestResponse>)[] {
  const out: (() => Promise<LightMyRequestResponse>)[] = [];
  for (const name of target.pathParams) {
    for (const value of HOSTILE_TEXTS) out.push(() => send(target, pathOf(target, [name, value])));
  }
  for (const field of target.queryFields) {
    for (const value of HOSTILE_TEXTS.slice(0, 8)) {
      out.push(() => send(target, `${pathOf(target)}?${encodeURIComponent(field)}=${encodePath(value)}`));
    }
  }
  if (target.method !== 'GET' && target.method !== 'DELETE') {
    const fields = target.bodyFields.length > 0 ? target.bodyFields : ['value'];
    for (const value of HOSTILE_VALUES) {
      out.push(() => send(target, pathOf(target), Object.fromEntries(fields.map((f) => [f, value]))));
    }
    out.push(() => send(target, pathOf(target), 'not json at all'));
  }
  return out;
}

describe('every route under hostile input', () => {
  it('answers no 5xx, leaks nothing, and keeps serving another patient at the same time', async () => {
    const all = targets();
    expect(all.length).toBeGreaterThan(120);
    const jobs = all.flatMap((target) => requestsOf(target).map((job) => ({ target, job })));
    expect(jobs.length).toBeGreaterThan(1500);
    const failures: string[] = [];
    let johnServed = 0;
    const BATCH = 16;
    for (let i = 0; i < jobs.length; i += BATCH) {
      const slice = jobs.slice(i, i + BATCH);
      const [answers, john] = await Promise.all([
        Promise.all(slice.map(({ job }) => job())),
        request(t, 'GET', `/api/patients/${fx.patientB}/labresults/published`, { token: johnToken }),
      ]);
      if (john.statusCode === 200) johnServed += 1;
      else failures.push(`john's read answered ${john.statusCode} beside ${slice[0]!.target.url}`);
      answers.forEach((res, k) => {
        const where = `${slice[k]!.target.method} ${slice[k]!.target.url}`;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (LEAKS.test(res.body) || (res.statusCode >= 400 && SQL.test(res.body))) {
          failures.push(`${where}: leaks ${res.body.slice(0, 200)}`);
        }
        if (otherPatientMarks.some((mark) => res.body.includes(mark))) failures.push(`${where}: another patient`);
      });
    }
    expect(failures).toEqual([]);
    // A sanity check of the walk itself: it reached the handlers of most routes, not only their refusals.
    expect(jobs.length).toBeGreaterThan(all.length * 5);
    expect(johnServed).toBe(Math.ceil(jobs.length / BATCH));
  }, 300_000);
});
