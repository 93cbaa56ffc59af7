import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KioskLogonResponse, KioskPatientRow, LoginProfile, TokenSuccess } from '@portal/contracts';
import { bearer, type AccessFixture } from '../../../test/access-fixture';
import { expectError, expectOk, openApiApp, request, type ApiCaller, type TestApp } from '../../../test/api';
import {
  auditEvents,
  facilities,
  facilityAliases,
  kioskStaffFacilities,
  oneTimeSecrets,
  patients,
  questionnaireAssignments,
  questionnaireTemplates,
} from '../../db/schema/index';
import { issueSecret } from '../../platform/auth/one-time-secrets';
import { hashSecret } from '../../platform/auth/secrets';
import { facilityLinkBase } from '../../platform/mail/links';
import { addDays, localDate } from '../../platform/time/time';
import { FEATURE_INACTIVE_MESSAGE, KIOSK_LOGON_AUDIT_EVENT, KioskService } from './kiosk.service';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;

let riverside: number;
let lakeside: number;
/** A facility kiosk.staff never serves. */
let hillside: number;

/** A due date no demo questionnaire has, so the list holds only this file's patients. */
const today = localDate(new Date(), 'America/New_York');
const DUE = addDays(today, 120);
const YESTERDAY_EVERYWHERE = addDays(today, -2);
const NEXT_WEEK = addDays(today, 7);

const ids = {} as Record<'ava' | 'ben' | 'cara' | 'dan' | 'eve' | 'none', number>;

async function insertPatient(facilityId: number, firstName: string, lastName: string, mrn: string) {
  const [row] = await db
    .insert(patients)
    .values({ homeFacilityId: facilityId, mrn, firstName, lastName, dateOfBirth: '1970-03-15' })
    .returning({ id: patients.id });
  return row!.id;
}

async function insertTemplate(facilityId: number, externalId: string, title: string, spanish?: string) {
  const definition = {
    url: null,
    version: null,
    title: { text: title, translations: spanish ? { es: spanish } : {} },
    description: null,
    patientInstructions: null,
    completionMessage: null,
    items: [],
    scales: [],
  };
  const [row] = await db
    .insert(questionnaireTemplates)
    .values({ facilityId, externalId, title, definition, resource: {}, contentHash: externalId })
    .returning({ id: questionnaireTemplates.id });
  return row!.id;
}

async function assign(
  patientId: number,
  templateId: number,
  values: Partial<typeof questionnaireAssignments.$inferInsert> = {},
) {
  await db.insert(questionnaireAssignments).values({
    patientId,
    templateId,
    dueDate: DUE,
    availableFrom: YESTERDAY_EVERYWHERE,
    ...values,
  });
}

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  const all = await db.select({ id: facilities.id, shortName: facilities.shortName }).from(facilities);
  riverside = all.find((f) => f.shortName === 'Riverside')!.id;
  lakeside = all.find((f) => f.shortName === 'Lakeside')!.id;
  const [hill] = await db
    .insert(facilities)
    .values({
      name: 'Hillside Clinic',
      portalName: 'Hillside Portal',
      shortName: 'Hillside',
      themeId: 1,
      timeZoneId: 'America/Denver',
      defaultLanguageId: 1,
    })
    .returning({ id: facilities.id });
  hillside = hill!.id;
  await db.insert(facilityAliases).values({ alias: 'hillside.localhost', facilityId: hillside });

  const phq = await insertTemplate(riverside, 'kiosk-test-phq', 'Mood Check', 'Control del ánimo');
  const sleep = await insertTemplate(riverside, 'kiosk-test-sleep', 'Sleep Diary', 'Diario del sueño');
  const pain = await insertTemplate(lakeside, 'kiosk-test-pain', 'Pain Scale');
  const gone = await insertTemplate(riverside, 'kiosk-test-gone', 'Withdrawn Survey');
  await db.update(questionnaireTemplates).set({ withdrawnAt: new Date() }).where(eq(questionnaireTemplates.id, gone));
  const hillTemplate = await insertTemplate(hillside, 'kiosk-test-hill', 'Hill Survey');

  ids.ava = await insertPatient(riverside, 'Ava', 'Zimmer', 'KT-AVA');
  ids.ben = await insertPatient(riverside, 'Ben', 'Adams', 'KT-BEN');
  ids.cara = await insertPatient(lakeside, 'Cara', 'Moreno', 'KT-CARA');
  ids.dan = await insertPatient(hillside, 'Dan', 'Brook', 'KT-DAN');
  ids.eve = await insertPatient(riverside, 'Eve', 'Adams', 'KT-EVE');
  ids.none = await insertPatient(riverside, 'Nora', 'Nothing', 'KT-NONE');

  // Ava: two due that day (one active, one from next week), one due another day, one completed, one withdrawn.
  await assign(ids.ava, phq);
  await assign(ids.ava, sleep, { availableFrom: NEXT_WEEK, status: 'started' });
  await assign(ids.ava, phq, { dueDate: addDays(DUE, 1) });
  await assign(ids.ava, sleep, {
    status: 'completed',
    completedAt: new Date(),
    answers: [],
    scores: [],
  });
  await assign(ids.ava, phq, { withdrawnAt: new Date() });
  await assign(ids.ava, gone);
  // Ben: due that day, not active until next week. Eve: one active (same last name as Ben, sorts after him).
  await assign(ids.ben, sleep, { availableFrom: NEXT_WEEK });
  await assign(ids.eve, phq);
  await assign(ids.cara, pain);
  await assign(ids.dan, hillTemplate);
  // Nora: only a declined one and one whose template was withdrawn.
  await assign(ids.none, phq, { status: 'declined', completedAt: new Date() });
  await assign(ids.none, gone);
});
afterAll(async () => {
  await t?.close();
});

async function serveLakeside(served: boolean) {
  await db
    .delete(kioskStaffFacilities)
    .where(and(eq(kioskStaffFacilities.userId, fx.userIds.kiosk), eq(kioskStaffFacilities.facilityId, lakeside)));
  if (served) await db.insert(kioskStaffFacilities).values({ userId: fx.userIds.kiosk, facilityId: lakeside });
}

beforeEach(async () => {
  await serveLakeside(true);
  await db.update(facilities).set({ kioskEnabled: true }).where(eq(facilities.id, riverside));
});

const listFor = (dueDate: string, query = '') =>
  api.get(`/api/kiosk/questionnaires?dueDate=${dueDate}${query}`, 'kioskStaff');
const initiate = (patientId: number | string, who: Parameters<ApiCaller['post']>[1] = 'kioskStaff') =>
  api.post(`/api/kiosk/patient/${patientId}/initiateLogon`, who);
const addressOf = async (facilityId: number) => (await facilityLinkBase(db, t.config, facilityId))!;

/** A kiosk user's login, on the host of the patient's facility (Riverside's localhost unless told). */
function kioskUserLogin(patientId: number, ticket: string, host = 'localhost') {
  return request(t, 'POST', '/token', {
    headers: {
      host,
      'content-type': 'application/x-www-form-urlencoded',
      'logon-process': 'patientKioskUser',
      'sso-id': ticket,
      'patient-id': String(patientId),
    },
    body: new URLSearchParams({ grant_type: 'password', username: '', password: '' }).toString(),
  });
}

/* ------------------------------------------------------------------- list */

describe('GET /api/kiosk/questionnaires', () => {
  it('lists one row per patient of the served facilities with questionnaires due that day, by last then first name', async () => {
    const rows = expectOk<KioskPatientRow[]>(await listFor(DUE));
    expect(rows.map((r) => `${r.lastName}, ${r.firstName}`)).toEqual([
      'Adams, Ben',
      'Adams, Eve',
      'Moreno, Cara',
      'Zimmer, Ava',
    ]);
    expect(rows.find((r) => r.patientId === ids.ava)).toEqual({
      patientId: ids.ava,
      firstName: 'Ava',
      lastName: 'Zimmer',
      dateOfBirth: '1970-03-15',
      mrn: 'KT-AVA',
      facilityId: riverside,
      facilityShortName: 'Riverside',
      // Neither the one due another day, the completed, the withdrawn nor the withdrawn template's.
      questionnaireTitles: ['Mood Check', 'Sleep Diary'],
      canStartByPatient: true,
    });
    expect(rows.find((r) => r.patientId === ids.cara)).toMatchObject({
      facilityId: lakeside,
      facilityShortName: 'Lakeside',
      questionnaireTitles: ['Pain Scale'],
      canStartByPatient: true,
    });
  });

  it('says which patients cannot start yet', async () => {
    const rows = expectOk<KioskPatientRow[]>(await listFor(DUE));
    expect(rows.find((r) => r.patientId === ids.ben)?.canStartByPatient).toBe(false);
    expect(rows.find((r) => r.patientId === ids.eve)?.canStartByPatient).toBe(true);
  });

  it('leaves out a facility the staff does not serve', async () => {
    await serveLakeside(false);
    const rows = expectOk<KioskPatientRow[]>(await listFor(DUE));
    expect(rows.map((r) => r.patientId)).not.toContain(ids.cara);
    expect(rows.map((r) => r.patientId)).not.toContain(ids.dan);
    expect(rows.map((r) => r.facilityShortName)).toEqual(['Riverside', 'Riverside', 'Riverside']);
  });

  it('gives the titles in the language asked for', async () => {
    const rows = expectOk<KioskPatientRow[]>(await listFor(DUE, '&language=es-MX'));
    expect(rows.find((r) => r.patientId === ids.ava)?.questionnaireTitles).toEqual([
      'Control del ánimo',
      'Diario del sueño',
    ]);
    // A template without a Spanish title keeps its own.
    expect(rows.find((r) => r.patientId === ids.cara)?.questionnaireTitles).toEqual(['Pain Scale']);
  });

  it('answers an empty list for a day without questionnaires', async () => {
    expect(expectOk<KioskPatientRow[]>(await listFor(addDays(DUE, 2)))).toEqual([]);
  });

  it('answers 400 feature_inactive when the staff’s facility has the kiosk switched off', async () => {
    await db.update(facilities).set({ kioskEnabled: false }).where(eq(facilities.id, riverside));
    expectError(await listFor(DUE), 400, 'feature_inactive', { message: FEATURE_INACTIVE_MESSAGE });
    expectError(await initiate(ids.ava), 400, 'feature_inactive');
  });

  it.each(['', '2026-02-30', 'tomorrow', '2026-1-5', '05/01/2026'])(
    'answers 400 naming dueDate for %j',
    async (date) => {
      expectError(await listFor(date), 400, 'validation_failed', 'dueDate');
    },
  );

  it('is for kiosk staff only', async () => {
    const url = `/api/kiosk/questionnaires?dueDate=${DUE}`;
    expectError(await api.get(url, 'anonymous'), 401, 'unauthorized');
    for (const who of ['patientA', 'representativeOfA', 'kioskUserOfA', 'linkUserOfA'] as const) {
      expect((await api.get(url, who)).statusCode, who).toBe(403);
    }
  });
});

describe('GET /api/kiosk/facilities', () => {
  it('lists the staff’s own facility first, then the ones it also serves', async () => {
    const body = expectOk(await api.get('/api/kiosk/facilities', 'kioskStaff'));
    expect(body).toEqual([
      {
        facilityId: riverside,
        facilityName: 'Riverside Cancer Center',
        facilityShortName: 'Riverside',
        isHomeFacility: true,
      },
      {
        facilityId: lakeside,
        facilityName: 'Lakeside Community Clinic',
        facilityShortName: 'Lakeside',
        isHomeFacility: false,
      },
    ]);
    await serveLakeside(false);
    expect(expectOk<unknown[]>(await api.get('/api/kiosk/facilities', 'kioskStaff'))).toHaveLength(1);
    expect((await api.get('/api/kiosk/facilities', 'patientA')).statusCode).toBe(403);
  });
});

/* ---------------------------------------------------------------- logon */

describe('POST /api/kiosk/patient/{patientId}/initiateLogon', () => {
  it('issues a single-use ticket that logs the patient, and only that patient, in at the kiosk', async () => {
    const before = new Date();
    const answer = expectOk<KioskLogonResponse>(await initiate(ids.ava));
    expect(answer.facilityUrl).toBe(await addressOf(riverside));
    expect(answer.data).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // Stored only as a hash, for the patient, recording the staff's facility, for 10 minutes.
    const [secret] = await db
      .select()
      .from(oneTimeSecrets)
      .where(eq(oneTimeSecrets.tokenHash, hashSecret(answer.data)));
    expect(secret).toMatchObject({ kind: 'kioskUser', patientId: ids.ava, facilityId: riverside, usedAt: null });
    expect(secret!.tokenHash).not.toContain(answer.data);
    const lifetime = secret!.expiresAt.getTime() - before.getTime();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 5_000);

    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, KIOSK_LOGON_AUDIT_EVENT), eq(auditEvents.patientId, ids.ava)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: fx.userIds.kiosk,
      loginType: 'patientKioskManagement',
      facilityId: riverside,
      detail: { ticketId: secret!.id, patientFacilityId: riverside },
    });

    const login = await kioskUserLogin(ids.ava, answer.data);
    expect(login.statusCode, login.body).toBe(200);
    const session = login.json<TokenSuccess>();
    expect(session).toMatchObject({ loginType: 'patientKioskUser', isEulaAccepted: true, userName: 'Ava' });
    const own = await t.app.inject({ url: `/api/patients/${ids.ava}`, headers: bearer(session.access_token) });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({ url: `/api/patients/${ids.eve}`, headers: bearer(session.access_token) });
    expect(other.statusCode).toBe(404);
    const profile = await t.app.inject({
      url: '/api/patientportaluser/loginprofile',
      headers: bearer(session.access_token),
    });
    expect(profile.json<LoginProfile>()).toMatchObject({
      userId: null,
      loginType: 'patientKioskUser',
      ids: [{ idType: 'Patient', value: ids.ava }],
    });
    // Started by the patient's own facility's staff: the kiosk login of the address the device is at.
    expect(profile.json<object>()).not.toHaveProperty('kioskExitUrl');

    // Single use.
    const again = await kioskUserLogin(ids.ava, answer.data);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: string }>().error).toBe('invalid_grant');
  });

  it('sends a patient of another facility to that facility, and back to the staff’s kiosk login after', async () => {
    const answer = expectOk<KioskLogonResponse>(await initiate(ids.cara));
    expect(answer.facilityUrl).toBe(await addressOf(lakeside));
    expect(answer.facilityUrl).not.toBe(await addressOf(riverside));
    // The device goes to Lakeside's address, where her ticket and session count.
    const lakesideHost = new URL(answer.facilityUrl).hostname;
    const session = (await kioskUserLogin(ids.cara, answer.data, lakesideHost)).json<TokenSuccess>();
    const profile = await t.app.inject({
      url: '/api/patientportaluser/loginprofile',
      headers: { ...bearer(session.access_token), host: lakesideHost },
    });
    expect(profile.json<LoginProfile>().kioskExitUrl).toBe(`${await addressOf(riverside)}/kioskLogin`);

    // A later kiosk session of hers, started at her own facility, ends there; the first one still ends at Riverside.
    const own = await issueSecret(db, { kind: 'kioskUser', facilityId: lakeside, patientId: ids.cara });
    const later = (await kioskUserLogin(ids.cara, own.token, lakesideHost)).json<TokenSuccess>();
    const exitOf = async (accessToken: string) =>
      (
        await t.app.inject({
          url: '/api/patientportaluser/loginprofile',
          headers: { ...bearer(accessToken), host: lakesideHost },
        })
      ).json<LoginProfile>().kioskExitUrl;
    expect(await exitOf(later.access_token)).toBeUndefined();
    expect(await exitOf(session.access_token)).toBe(`${await addressOf(riverside)}/kioskLogin`);
  });

  it('gives no exit address to anyone but a kiosk user', async () => {
    for (const who of ['patientA', 'kioskStaff', 'linkUserOfA'] as const) {
      const profile = await api.get('/api/patientportaluser/loginprofile', who);
      expect(profile.json<object>(), who).not.toHaveProperty('kioskExitUrl');
    }
  });

  it('answers 409 nothing_to_start for a patient with nothing to start today', async () => {
    expectError(await initiate(ids.ben), 409, 'nothing_to_start');
    expectError(await initiate(ids.none), 409, 'nothing_to_start');
    const secrets = await db
      .select()
      .from(oneTimeSecrets)
      .where(and(eq(oneTimeSecrets.kind, 'kioskUser'), inArray(oneTimeSecrets.patientId, [ids.ben, ids.none])));
    expect(secrets).toEqual([]);
  });

  it('answers 404 for a patient the staff does not serve, or none', async () => {
    expectError(await initiate(ids.dan), 404, 'not_found');
    await serveLakeside(false);
    expectError(await initiate(ids.cara), 404, 'not_found');
    expectError(await initiate(999_999), 404, 'not_found');
  });

  it('answers 400 naming patientId for a bad id', async () => {
    expectError(await initiate('abc'), 400, 'validation_failed', 'patientId');
    expectError(await initiate(0), 400, 'validation_failed', 'patientId');
  });

  it('is for kiosk staff only', async () => {
    expectError(await initiate(ids.ava, 'anonymous'), 401, 'unauthorized');
    for (const who of ['patientA', 'representativeOfA', 'kioskUserOfA', 'linkUserOfA'] as const) {
      expect((await initiate(ids.ava, who)).statusCode, who).toBe(403);
    }
  });
});

/* ---------------------------------------------------------------- entry */

describe('GET /api/kiosk/entry/{secret}', () => {
  const SECRET = 'kiosk-test-entry-Lk8s2QwZ';

  it('answers the address of the facility whose secret it is, and 404 for any other', async () => {
    await db.update(facilities).set({ kioskEntrySecret: SECRET }).where(eq(facilities.id, lakeside));
    const res = await request(t, 'GET', `/api/kiosk/entry/${SECRET}`);
    expect(expectOk(res)).toEqual({ facilityUrl: await addressOf(lakeside) });

    expectError(await request(t, 'GET', '/api/kiosk/entry/kiosk-test-entry-unknown0'), 404, 'not_found');
    // A rotated secret stops working at once.
    await db
      .update(facilities)
      .set({ kioskEntrySecret: `${SECRET}-rotated` })
      .where(eq(facilities.id, lakeside));
    expectError(await request(t, 'GET', `/api/kiosk/entry/${SECRET}`), 404, 'not_found');
  });

  it.each(['short', 'x'.repeat(101), 'has spaces in it ok', 'semi;colon-0123456789'])(
    'answers 400 naming secret for %j',
    async (secret) => {
      expectError(
        await request(t, 'GET', `/api/kiosk/entry/${encodeURIComponent(secret)}`),
        400,
        'validation_failed',
        'secret',
      );
    },
  );

  it('limits the tries of one address', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 10; i++) {
      expect((await request(t, 'GET', '/api/kiosk/entry/kiosk-test-entry-guess000', { ip })).statusCode).toBe(404);
    }
    expectError(
      await request(t, 'GET', '/api/kiosk/entry/kiosk-test-entry-guess000', { ip }),
      429,
      'too_many_attempts',
    );
  });
});

describe('the kiosk entry address (cli.js kiosk entry)', () => {
  it('gives a facility an address, keeps it, and rotates it on request', async () => {
    const kiosk = new KioskService(db, addressOf);
    const first = await kiosk.entryAddress(hillside, false);
    const base = await addressOf(hillside);
    expect(first).toMatch(new RegExp(`^${base.replace(/[.:/]/g, '\\$&')}/kio[A-Za-z0-9_-]{43}$`));
    expect(await kiosk.entryAddress(hillside, false)).toBe(first);
    const secretOf = (address: string | null) => address!.slice(`${base}/kio`.length);
    expect(expectOk(await request(t, 'GET', `/api/kiosk/entry/${secretOf(first)}`))).toEqual({ facilityUrl: base });

    const rotated = await kiosk.entryAddress(hillside, true);
    expect(rotated).not.toBe(first);
    expectError(await request(t, 'GET', `/api/kiosk/entry/${secretOf(first)}`), 404, 'not_found');
    expect(expectOk(await request(t, 'GET', `/api/kiosk/entry/${secretOf(rotated)}`))).toEqual({ facilityUrl: base });
    expect(await kiosk.entryAddress(999_999, true)).toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('describes every kiosk route, with its parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    type Op = { summary?: string; description?: string; parameters?: { name: string; in: string }[] };
    const doc = res.json<{ paths: Record<string, Record<string, Op>> }>();
    const ops: [string, string, string[]][] = [
      ['/api/kiosk/questionnaires', 'get', ['query:dueDate', 'query:language']],
      ['/api/kiosk/facilities', 'get', []],
      ['/api/kiosk/patient/{patientId}/initiateLogon', 'post', ['path:patientId']],
      ['/api/kiosk/entry/{secret}', 'get', ['path:secret']],
    ];
    for (const [path, method, params] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op?.description?.length, path).toBeGreaterThan(100);
      expect((op?.parameters ?? []).map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(params));
    }
  });
});
