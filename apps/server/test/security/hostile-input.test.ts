import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { personalContacts } from '../../src/db/schema/index';
import { errorSummary, withoutParameters } from '../../src/platform/errors/error-handler';
import { forbiddenCharacterPath } from '../../src/platform/http/input-guard';
import type { AccessFixture } from '../access-fixture';
import { expectError, nextIp, openApiApp, request, type ApiCaller, type TestApp } from '../api';
import { captureLogs, testConfig } from '../helpers';

// Issue 10, finding 8: a NUL in a field reached the database, which refuses it in text: a 500 instead of a 400.
// And a failed query's log line quoted its parameters (a contact's name, an address).

let t: TestApp;
let fx: AccessFixture;
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, api } = await openApiApp());
});
afterAll(async () => {
  await t.close();
});

function token(form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: nextIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

const contact = (overrides: Record<string, unknown> = {}) => ({
  contactId: 0,
  contactFirstName: 'Tess',
  contactLastName: 'Hostile',
  relationshipId: 16,
  communicationLanguageId: 1,
  ...overrides,
});

describe('control characters and lone surrogates', () => {
  it('POST /token with username=x%00 answers 400 validation_failed naming username', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/token',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=x%00&password=Whatever%231',
    });
    expectError(res, 400, 'validation_failed', 'username');
    expectError(
      await token({ grant_type: 'password', username: 'jane.doe', password: 'a\u0000b' }),
      400,
      'validation_failed',
      'password',
    );
  });

  it('sign-up verification with firstName "A\\u0000" answers 400 naming firstName', async () => {
    const res = await request(t, 'POST', '/api/patients/signup/invitedPatientValidation', {
      body: {
        facilityId: fx.facilityId,
        firstName: 'A\u0000',
        lastName: 'Garcia',
        birthDate: { year: 1981, month: 3, day: 14 },
        pin: '48291375',
      },
    });
    expectError(res, 400, 'validation_failed', 'firstName');
  });

  it.each([
    ['a NUL', 'dark\u0000'],
    ['a lone high surrogate', 'dark\ud800'],
    ['a lone low surrogate', '\udc00dark'],
    ['an escape', '\u001b[31m'],
    ['a DEL', 'dark\u007f'],
  ])('PUT preferences with %s in the value answers 400 naming value', async (_what, value) => {
    const res = await api.put(`/api/users/${fx.userIds.jane}/Preferences`, 'patientA', {
      userId: fx.userIds.jane,
      name: 'hostile.test',
      value,
    });
    expectError(res, 400, 'validation_failed', 'value');
  });

  it('PUT preferences with a NUL in the name answers 400 naming name', async () => {
    const res = await api.put(`/api/users/${fx.userIds.jane}/Preferences`, 'patientA', {
      userId: fx.userIds.jane,
      name: 'hostile\u0000',
      value: 'x',
    });
    expectError(res, 400, 'validation_failed', 'name');
  });

  it('PUT contacts with a NUL in contactFirstName answers 400 naming it, and saves nothing', async () => {
    const res = await api.put(
      `/api/patients/${fx.patientA}/contacts`,
      'patientA',
      contact({ contactFirstName: 'Tess\u0000' }),
    );
    expectError(res, 400, 'validation_failed', 'contactFirstName');
    const saved = await t.database.db
      .select()
      .from(personalContacts)
      .where(sql`${personalContacts.lastName} = 'Hostile'`);
    expect(saved).toEqual([]);
  });

  it('names a nested field and a query parameter', async () => {
    const nested = await request(t, 'POST', '/api/patients/signup/invitedPatientValidation', {
      body: {
        facilityId: fx.facilityId,
        firstName: 'A',
        lastName: 'B',
        birthDate: { year: '19\u000081', month: 3, day: 14 },
      },
    });
    expectError(nested, 400, 'validation_failed', 'birthDate.year');
    const query = await request(t, 'POST', `/api/users/forgotPassword?userName=${encodeURIComponent('x\u0000')}`);
    expectError(query, 400, 'validation_failed', 'userName');
  });

  it('accepts tab, line feed and carriage return in a free-text value, and well-formed surrogate pairs', async () => {
    const value = 'line one\tcolumn\nline two\r\nline three \ud83d\ude00';
    const put = await api.put(`/api/users/${fx.userIds.jane}/Preferences`, 'patientA', {
      userId: fx.userIds.jane,
      name: 'hostile.text',
      value,
    });
    expect(put.statusCode, put.body).toBe(204);
    const read = await api.get(`/api/users/${fx.userIds.jane}/Preferences?name=hostile.text`, 'patientA');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual([{ name: 'hostile.text', value }]);
  });

  it('finds the path of the first forbidden character, and passes what is allowed', () => {
    expect(forbiddenCharacterPath({ a: { b: ['ok', 'x\u0000'] } })).toEqual(['a', 'b', '1']);
    expect(forbiddenCharacterPath({ 'k\u0001': 'v' })).toEqual(['k\u0001']);
    expect(forbiddenCharacterPath({ text: 'tab\there\nnew line\r\n', emoji: '\ud83d\ude00' })).toBeNull();
    expect(forbiddenCharacterPath('\ud800')).toEqual([]);
  });
});

describe('logged database errors', () => {
  const SECRET_NAME = 'Zelda-Quaintance';
  const SECRET_STREET = '77 Hidden Lane';
  let logged: FastifyInstance;
  const logs = captureLogs();

  beforeAll(async () => {
    // An app on the same database with a route of its own that fails as a repository would.
    logged = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database: t.database,
      logStream: logs.stream,
    });
    logged.post('/api/test/failing-insert', { config: { access: 'public' } }, async () => {
      // A contact of a patient that does not exist: the foreign key fails, and drizzle's error quotes the values.
      await t.database.db.insert(personalContacts).values({
        patientId: 2_000_000_000,
        firstName: SECRET_NAME,
        lastName: 'Doe',
        address1: SECRET_STREET,
      } as typeof personalContacts.$inferInsert);
      return { ok: true };
    });
    logged.post('/api/test/failing-cast', { config: { access: 'public' } }, async () => {
      // A value the database cannot read as a number: PostgreSQL's own message quotes it (SQLSTATE 22P02).
      await t.database.db.execute(sql`select ${SECRET_NAME}::int`);
      return { ok: true };
    });
    await logged.ready();
  });
  afterAll(async () => {
    await logged.close();
  });

  it('answers 500 with the request id only, and logs the error without its parameters', async () => {
    const res = await logged.inject({ method: 'POST', url: '/api/test/failing-insert' });
    expectError(res, 500, 'internal_error');
    expect(res.body).not.toContain(SECRET_NAME);
    const { requestId } = res.json<{ requestId: string }>();
    const line = logs.lines.find((l) => l.includes('unhandled error') && l.includes(requestId));
    expect(line, logs.text()).toBeDefined();
    // The error is there (so the failure can be found), its parameters are not.
    expect(line).toMatch(/Failed query/);
    expect(line).toMatch(/params: \[not logged\]/);
    expect(logs.text()).not.toContain(SECRET_NAME);
    expect(logs.text()).not.toContain(SECRET_STREET);
  });

  it('logs a data error of the database (its message quotes the value) without the value', async () => {
    const res = await logged.inject({ method: 'POST', url: '/api/test/failing-cast' });
    expectError(res, 500, 'internal_error');
    const { requestId } = res.json<{ requestId: string }>();
    const line = logs.lines.find((l) => l.includes('unhandled error') && l.includes(requestId));
    expect(line, logs.text()).toBeDefined();
    expect(line).toMatch(/22P02/);
    expect(line).not.toContain(SECRET_NAME);
  });

  it('errorSummary keeps names, codes and messages along the causes, without parameters', () => {
    const cause = Object.assign(new Error('insert or update on table "personal_contacts" violates foreign key'), {
      code: '23503',
    });
    const err = new Error(
      `Failed query: insert into "personal_contacts" values ($1, $2)\nparams: ${SECRET_NAME},${SECRET_STREET}`,
      {
        cause,
      },
    );
    const summary = errorSummary(err);
    expect(JSON.stringify(summary)).not.toContain(SECRET_NAME);
    expect(JSON.stringify(summary)).not.toContain(SECRET_STREET);
    expect(summary).toEqual({
      name: 'Error',
      message: 'Failed query: insert into "personal_contacts" values ($1, $2)\nparams: [not logged]',
      // A database error's own message may quote the refused value: it is replaced by the names it carries.
      causes: [{ name: 'Error', code: '23503', message: '' }],
    });
    const named = Object.assign(new Error(`invalid input syntax for type integer: "${SECRET_NAME}"`), {
      code: '22P02',
      table: 'personal_contacts',
      column: 'zip_code',
    });
    expect(errorSummary(named)).toEqual({ name: 'Error', code: '22P02', message: 'personal_contacts zip_code' });
    expect(withoutParameters(`select 1 PARAMS: ${SECRET_NAME}`)).toBe('select 1 params: [not logged]');
    expect(withoutParameters('x'.repeat(5000))).toHaveLength(1000);
  });
});
