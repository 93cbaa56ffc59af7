import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_LOG_VIEW_AUDIT_EVENT, type UrlToken } from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import { bearer } from '../../../test/access-fixture';
import { expectError, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import { auditEvents, facilities, integrationClients, users } from '../../db/schema/index';
import { localDate } from '../../platform/time/time';
import { IntegrationClientsService } from '../integration/integration.service';

// GET /api/patients/{patientId}/audits/report (spec 002, 2.9): the activity log. The export: personal-data-export.test.ts.

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let systemId: number;

const SYSTEM_NAME = 'Riverside Lab System';
const reportPath = (patientId: number) => `/api/patients/${patientId}/audits/report`;
const exportPath = (patientId: number) => `/api/patients/${patientId}/export`;

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  const clients = new IntegrationClientsService(db, (s) => t.app.deps.sealedTokens.sealSecret(s));
  const client = await clients.create({ facility: 'riverside', name: SYSTEM_NAME, scopes: 'patients clinical' });
  const [row] = await db
    .select({ id: integrationClients.id })
    .from(integrationClients)
    .where(eq(integrationClients.clientId, client.clientId));
  systemId = row!.id;
  systemSecret = { clientId: client.clientId, clientSecret: client.clientSecret ?? '' };
});
afterAll(async () => {
  await t?.close();
});

let systemSecret: { clientId: string; clientSecret: string };

async function systemToken(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/integration/v1/token',
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: systemSecret.clientId,
      client_secret: systemSecret.clientSecret,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res.json<{ access_token: string }>().access_token;
}

async function urlToken(who: CallerKind, path: string): Promise<string> {
  const res = await api.call('POST', '/api/urlTokens', who, { path });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UrlToken>().token;
}

function report(who: CallerKind, query: string, patientId = fx.patientA) {
  return api.get(`${reportPath(patientId)}?${query}`, who);
}

async function facilityName(): Promise<string> {
  const [row] = await db.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, fx.facilityId));
  return row!.name;
}

const rowsOf = (html: string) => (/<tbody>([\s\S]*)<\/tbody>/.exec(html)?.[1] ?? '').match(/<tr>/g)?.length ?? 0;

/** Audit rows as the portal writes them, at chosen instants (the range and paging tests need known times). */
async function seedRows() {
  const base = { facilityId: fx.facilityId, outcome: 'success' as const };
  await db.insert(auditEvents).values([
    {
      ...base,
      occurredAt: new Date('2001-03-10T15:00:00Z'),
      eventType: 'testresultsviewauditevent',
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      relationship: 'self',
      loginType: 'userNamePassword',
      clientAddress: '203.0.113.5',
    },
    {
      ...base,
      occurredAt: new Date('2001-03-11T15:00:00Z'),
      eventType: 'securemessagesendauditevent',
      actorUserId: fx.userIds.robert,
      patientId: fx.patientA,
      relationship: 'representative',
      loginType: 'userNamePassword',
      clientAddress: '198.51.100.7',
    },
    {
      ...base,
      occurredAt: new Date('2001-03-12T15:00:00Z'),
      eventType: 'integrationcallauditevent',
      integrationClientId: systemId,
      patientId: fx.patientA,
      route: 'PUT /integration/v1/patients/:mrn/lab-results/:externalId',
      clientAddress: '192.0.2.9',
    },
    {
      ...base,
      occurredAt: new Date('2001-03-13T15:00:00Z'),
      eventType: 'questionnairesubmitauditevent',
      patientId: fx.patientA,
      relationship: 'kioskUser',
      loginType: 'patientKioskUser',
      clientAddress: '192.0.2.10',
    },
    {
      ...base,
      occurredAt: new Date('2001-03-14T15:00:00Z'),
      eventType: 'medicalnotesviewauditevent',
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      relationship: 'self',
      outcome: 'failure',
    },
    // Outside the range, and another patient's in it.
    { ...base, occurredAt: new Date('2001-05-01T15:00:00Z'), eventType: 'loginauditevent', patientId: fx.patientA },
    {
      ...base,
      occurredAt: new Date('2001-03-10T16:00:00Z'),
      eventType: 'emailchangeauditevent',
      patientId: fx.patientB,
    },
  ]);
  await db.insert(auditEvents).values(
    Array.from({ length: 450 }, (_, i) => ({
      ...base,
      occurredAt: new Date(Date.UTC(2002, 0, 10, 12, 0, i)),
      // Alternating, so that no two neighbours fold into one row.
      eventType: i % 2 ? 'appointmentviewauditevent' : 'educationviewauditevent',
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      relationship: 'self',
    })),
  );
}

describe('GET /api/patients/:patientId/audits/report', () => {
  beforeAll(seedRows);

  it('lists acts by the patient, a representative, a facility system and a kiosk session: who, what, when, address', async () => {
    const res = await report('patientA', 'startDate=2001-03-01&endDate=2001-03-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    const html = res.body;
    expect(rowsOf(html)).toBe(5);
    expect(html).toContain('Patient: Jane Doe');
    expect(html).toContain('Jane Doe (patient)');
    expect(html).toContain('Robert Doe (authorized representative)');
    expect(html).toContain(`Facility system: ${SYSTEM_NAME}`);
    expect(html).toContain(`Jane Doe (patient) at the ${await facilityName()} kiosk`);
    expect(html).toContain('Test results viewed');
    expect(html).toContain('Message sent');
    expect(html).toContain('Record exchanged with a facility system: test results');
    expect(html).toContain('Questionnaire submitted');
    expect(html).toContain('Medical notes viewed (not completed)');
    for (const address of ['203.0.113.5', '198.51.100.7', '192.0.2.9', '192.0.2.10']) expect(html).toContain(address);
    expect(html).toContain('Not recorded');
    // Riverside's clock: 15:00 UTC on 10 March 2001 is 10:00 in New York.
    expect(html).toContain('Mar 10, 2001, 10:00:00 AM');
    expect(html).toContain('Times are in Eastern Time.');
    expect(html).toContain('@media print');
    // Neither the act outside the range nor another patient's.
    expect(html).not.toContain('Logged in');
    expect(html).not.toContain('Email address changed');
  });

  it('takes the range as days on the facility clock, in either order', async () => {
    const one = await report('patientA', 'startDate=2001-03-10&endDate=2001-03-10');
    expect(rowsOf(one.body)).toBe(1);
    const swapped = await report('patientA', 'startDate=2001-03-31&endDate=2001-03-01');
    expect(rowsOf(swapped.body)).toBe(5);
    const empty = await report('patientA', 'startDate=1990-01-01&endDate=1990-12-31');
    expect(empty.body).toContain('Nothing was recorded in this period.');
    expect(rowsOf(empty.body)).toBe(0);
  });

  it('pages a long range by 200 rows; the page links carry a fresh token that opens the next page alone', async () => {
    const first = await report('patientA', 'startDate=2002-01-01&endDate=2002-01-31');
    expect(rowsOf(first.body)).toBe(200);
    expect(first.body).toContain('Showing 1 to 200 of 450');
    expect(first.body).toContain('Page 1 of 3');
    expect(first.body).not.toContain('rel="prev"');
    const next = /<a href="([^"]+)" rel="next">/.exec(first.body)?.[1]?.replace(/&amp;/g, '&');
    expect(next).toMatch(/^\/api\/patients\/\d+\/audits\/report\?token=/);
    const second = await t.app.inject({ url: next! });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.body).toContain('Showing 201 to 400 of 450');
    const last = await report('patientA', 'startDate=2002-01-01&endDate=2002-01-31&page=3');
    expect(rowsOf(last.body)).toBe(50);
    expect(last.body).toContain('Showing 401 to 450 of 450');
    expect(last.body).toContain('rel="prev"');
    expect(last.body).not.toContain('rel="next"');
    // Past the last page shows the last.
    expect((await report('patientA', 'startDate=2002-01-01&endDate=2002-01-31&page=9')).body).toContain('Page 3 of 3');
  });

  it('shows the newest first, folds a run of the same act into one row with its count, and filters by who and kind', async () => {
    const at = (minute: number) => new Date(Date.UTC(2003, 1, 10, 15, minute));
    const jane = {
      facilityId: fx.facilityId,
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      relationship: 'self',
    };
    const robert = { ...jane, actorUserId: fx.userIds.robert, relationship: 'representative' };
    await db.insert(auditEvents).values([
      { ...jane, occurredAt: at(1), eventType: 'loginauditevent', clientAddress: '192.0.2.1' },
      // Three reads of the same list in a row: one row, 3 times.
      ...[2, 3, 4].map((m) => ({
        ...jane,
        occurredAt: at(m),
        eventType: 'testresultsviewauditevent',
        clientAddress: '192.0.2.1',
      })),
      // The header's badge counts are no read of a record: never listed.
      {
        ...robert,
        occurredAt: at(5),
        eventType: 'patientrecordcountauditevent',
        route: 'GET /api/patients/:patientId/labresults/NotReviewedCount',
      },
      { ...robert, occurredAt: at(6), eventType: 'securemessagesendauditevent', clientAddress: '192.0.2.2' },
      // The same read again, after another act: a row of its own.
      { ...jane, occurredAt: at(7), eventType: 'testresultsviewauditevent', clientAddress: '192.0.2.1' },
      {
        ...jane,
        occurredAt: at(8),
        eventType: 'healthsummaryemailauditevent',
        detail: { recipientAddress: 'dr.lee@clinic.example' },
      },
    ]);
    const query = 'startDate=2003-02-10&endDate=2003-02-10';
    const html = (await report('patientA', query)).body;
    const body = /<tbody>([\s\S]*)<\/tbody>/.exec(html)?.[1] ?? '';
    const order = [
      'Health information summary sent by email',
      'Test results viewed',
      'Message sent',
      'Test results viewed',
      'Logged in',
    ];
    const positions = order.map((what, i) => body.split('<tr>').findIndex((row, j) => j > i && row.includes(what)));
    expect(positions).toEqual([1, 2, 3, 4, 5]);
    expect(rowsOf(html)).toBe(5);
    expect(body).toContain('3 times, the first at');
    expect(body).toContain('Health information summary sent by email, to dr.lee@clinic.example');
    expect(html).not.toMatch(/NotReviewedCount|Record viewed: test results/);
    expect(html).toContain('Showing 1 to 5 of 5');
    // The filter form offers each person of the range and each kind, and keeps the range and a token.
    expect(html).toContain(`<option value="user-${fx.userIds.robert}">Robert Doe (authorized representative)</option>`);
    expect(html).toContain('<option value="sharing">Sent or shared</option>');
    expect(html).toMatch(/<input type="hidden" name="token" value="[^"]+">/);
    expect(html).toContain('<input type="hidden" name="startDate" value="2003-02-10">');
    const robertsOnly = (await report('patientA', `${query}&who=user-${fx.userIds.robert}&kind=`)).body;
    expect(rowsOf(robertsOnly)).toBe(1);
    expect(robertsOnly).toContain('Message sent');
    expect(robertsOnly).toContain(`<option value="user-${fx.userIds.robert}" selected>`);
    const views = (await report('patientA', `${query}&kind=views&who=`)).body;
    expect(rowsOf(views)).toBe(1);
    expect(views).toContain('4 times, the first at');
    expect(rowsOf((await report('patientA', `${query}&kind=sharing`)).body)).toBe(1);
    expect(rowsOf((await report('patientA', `${query}&who=other`)).body)).toBe(0);
    expectError(await report('patientA', `${query}&who=robert`), 400, 'validation_failed', 'who');
    expectError(await report('patientA', `${query}&kind=everything`), 400, 'validation_failed', 'kind');
    // The form may reload the page, and only it.
    const res = await report('patientA', query);
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.headers['content-security-policy']).toContain('allow-forms');
  });

  it('does not count a badge as a read: a representative who opened the dashboard viewed nothing', async () => {
    const today = localDate(new Date(), 'America/New_York');
    const patientId = fx.patientA;
    for (const path of [
      'labresults/NotReviewedCount',
      'medicalnotes/notReviewedCount',
      'treatmentSummary/UnseenCount',
      'assignedquestionnaires/newcount',
      'SecureMessages/countUnread',
      'education/UnreadCount',
    ]) {
      const res = await api.get(`/api/patients/${patientId}/${path}`, 'representativeOfA');
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
    }
    const counts = await db
      .select({ route: auditEvents.route })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.eventType, 'patientrecordcountauditevent'), eq(auditEvents.actorUserId, fx.userIds.robert)),
      );
    expect(counts.length).toBeGreaterThanOrEqual(6);
    const html = (await report('patientA', `startDate=${today}&endDate=${today}&who=user-${fx.userIds.robert}`)).body;
    expect(html).not.toMatch(/Record viewed: (test results|medical notes|treatment summary|questionnaires|messages)/i);
  });

  it('opens with a URL token for exactly its path, and refuses other tokens and callers', async () => {
    const query = 'startDate=2001-03-01&endDate=2001-03-31';
    const token = await urlToken('patientA', reportPath(fx.patientA));
    const ok = await t.app.inject({ url: `${reportPath(fx.patientA)}?token=${encodeURIComponent(token)}&${query}` });
    expect(ok.statusCode, ok.body).toBe(200);
    const otherPath = await urlToken('patientA', exportPath(fx.patientA));
    expectError(
      await t.app.inject({ url: `${reportPath(fx.patientA)}?token=${encodeURIComponent(otherPath)}&${query}` }),
      401,
      'unauthorized',
    );
    expectError(await t.app.inject({ url: `${reportPath(fx.patientA)}?token=forged&${query}` }), 401, 'unauthorized');
    expectError(await t.app.inject({ url: `${reportPath(fx.patientA)}?${query}` }), 401, 'unauthorized');
    // A token John asked for Jane's report opens nothing of hers.
    const johns = await urlToken('patientB', reportPath(fx.patientA));
    expectError(
      await t.app.inject({ url: `${reportPath(fx.patientA)}?token=${encodeURIComponent(johns)}&${query}` }),
      404,
      'not_found',
    );
    expectError(await report('patientB', query), 404, 'not_found');
    expectError(await report('kioskUserOfA', query), 403, 'forbidden');
    expect((await report('representativeOfA', query)).statusCode).toBe(200);
  });

  it('escapes what it shows: a facility system’s name is text, never markup', async () => {
    const clients = new IntegrationClientsService(db, (secret) => t.app.deps.sealedTokens.sealSecret(secret));
    const client = await clients.create({
      facility: 'riverside',
      name: '<img src=x onerror=alert(1)> Lab & Co',
      scopes: 'patients',
    });
    const [row] = await db
      .select({ id: integrationClients.id })
      .from(integrationClients)
      .where(eq(integrationClients.clientId, client.clientId));
    await db.insert(auditEvents).values({
      occurredAt: new Date('2003-06-01T15:00:00Z'),
      eventType: 'integrationpatientputauditevent',
      integrationClientId: row!.id,
      patientId: fx.patientA,
      clientAddress: '"><script>',
    });
    const res = await report('patientA', 'startDate=2003-06-01&endDate=2003-06-01');
    expect(res.body).toContain('Facility system: &lt;img src=x onerror=alert(1)&gt; Lab &amp; Co');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
    expect(res.body).not.toContain('<img');
    expect(res.body).not.toContain('<script');
  });

  it('speaks the reader’s language: John reads his own log in Spanish', async () => {
    await db.update(users).set({ preferredLanguage: 'es-MX' }).where(eq(users.id, fx.userIds.john));
    await db.insert(auditEvents).values({
      occurredAt: new Date('2001-03-10T15:00:00Z'),
      eventType: 'testresultsviewauditevent',
      actorUserId: fx.userIds.john,
      patientId: fx.patientB,
      relationship: 'self',
      clientAddress: '203.0.113.8',
    });
    const res = await report('patientB', 'startDate=2001-03-10&endDate=2001-03-10', fx.patientB);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="es-MX">');
    expect(res.body).toContain('<h1>Registro de actividad</h1>');
    expect(res.body).toContain('John Smith (paciente)');
    expect(res.body).toContain('Resultados de pruebas consultados');
    expect(res.body).toContain('Del 10 mar 2001 al 10 mar 2001');
    // The language the portal shows (?language) comes before the saved one, and stays in the page links.
    const english = await report('patientB', 'startDate=2001-03-10&endDate=2001-03-10&language=en-US', fx.patientB);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en-US">');
    expect(english.body).toContain('<h1>Activity Log</h1>');
    await db.update(users).set({ preferredLanguage: null }).where(eq(users.id, fx.userIds.john));
  });

  it('requires both dates (400 naming the field)', async () => {
    expectError(await report('patientA', 'startDate=2001-03-01'), 400, 'validation_failed', 'endDate');
    expectError(await report('patientA', 'endDate=2001-03-01'), 400, 'validation_failed', 'startDate');
    expectError(
      await report('patientA', 'startDate=2001-02-30&endDate=2001-03-01'),
      400,
      'validation_failed',
      'startDate',
    );
    expectError(
      await report('patientA', 'startDate=2001-03-01&endDate=2001-03-02&page=0'),
      400,
      'validation_failed',
      'page',
    );
  });

  it('shows what really happened today, the viewing itself included, with the reader’s address', async () => {
    const today = localDate(new Date(), 'America/New_York');
    await api.get(`/api/patients/${fx.patientA}/appointments`, 'representativeOfA');
    const system = await t.app.inject({
      url: '/integration/v1/patients/RCC-100234',
      headers: bearer(await systemToken()),
    });
    expect(system.statusCode, system.body).toBe(200);
    const { bearer: token } = await fx.token('patientA');
    const res = await t.app.inject({
      url: `${reportPath(fx.patientA)}?startDate=${today}&endDate=${today}`,
      headers: { ...bearer(token), 'x-forwarded-for': '203.0.113.77' },
      remoteAddress: '203.0.113.77',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Robert Doe (authorized representative)');
    expect(res.body).toContain('Record viewed: appointments');
    expect(res.body).toContain(`Facility system: ${SYSTEM_NAME}`);
    const [viewed] = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.eventType, ACTIVITY_LOG_VIEW_AUDIT_EVENT), eq(auditEvents.clientAddress, '203.0.113.77')),
      );
    expect(viewed).toMatchObject({
      patientId: fx.patientA,
      actorUserId: fx.userIds.jane,
      relationship: 'self',
      outcome: 'success',
      detail: expect.objectContaining({ startDate: today, endDate: today, page: 1 }),
    });
    // The next report shows that viewing.
    const again = await report('patientA', `startDate=${today}&endDate=${today}`);
    expect(again.body).toContain('Activity log viewed');
    expect(again.body).toContain('203.0.113.77');
  });
});

describe('kiosk actors in the activity log and the export', () => {
  // As the kiosk writes them: staff start the patient's session under their own account (the row's actor is the
  // staff user); the patient's kiosk session has no user behind it.
  beforeAll(async () => {
    const base = { facilityId: fx.facilityId, patientId: fx.patientA, outcome: 'success' as const };
    await db.insert(auditEvents).values([
      {
        ...base,
        occurredAt: new Date('2004-02-10T15:00:00Z'),
        eventType: 'kiosklogoninitiatedauditevent',
        actorUserId: fx.userIds.kiosk,
        loginType: 'patientKioskManagement',
      },
      {
        ...base,
        occurredAt: new Date('2004-02-10T15:05:00Z'),
        eventType: 'questionnairesubmitauditevent',
        relationship: 'kioskUser',
        loginType: 'patientKioskUser',
      },
    ]);
  });

  it('names kiosk staff as staff at their kiosk, never as the patient, and the patient at the kiosk', async () => {
    const [staff] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, fx.userIds.kiosk));
    const staffName = `${staff!.firstName} ${staff!.lastName}`;
    const kiosk = await facilityName();
    const res = await report('patientA', 'startDate=2004-02-01&endDate=2004-02-28');
    expect(res.statusCode, res.body).toBe(200);
    expect(rowsOf(res.body)).toBe(2);
    expect(res.body).toContain(`${staffName} (kiosk staff at ${kiosk})`);
    expect(res.body).not.toContain(`${staffName} (patient)`);
    expect(res.body).toContain(`Jane Doe (patient) at the ${kiosk} kiosk`);

    const exported = await api.get(exportPath(fx.patientA), 'patientA');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(`<who>${staffName} (kiosk staff at ${kiosk})</who>`);
    expect(exported.body).not.toContain(`<who>${staffName} (patient)</who>`);
    expect(exported.body).toContain(`<who>Jane Doe (patient) at the ${kiosk} kiosk</who>`);
  });

  it('names them in the reader’s language', async () => {
    const kiosk = await facilityName();
    const res = await report('patientA', 'startDate=2004-02-01&endDate=2004-02-28&language=es-MX');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`(personal del quiosco de ${kiosk})`);
    expect(res.body).toContain(`Jane Doe (paciente) en el quiosco de ${kiosk}`);
  });
});
