import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLER_KINDS, bearer, type AccessFixture, type CallerKind } from '../../../test/access-fixture';
import { openApiApp, type TestApp } from '../../../test/api';
import type { Relationship } from './patient-access';
import type { RouteEntry } from './access-control';
import { fill } from '../../../test/route-samples';
import { questionnaireRecordsOf } from '../../../test/questionnaire-fixture';
import { secureMessageThreadOf } from '../../../test/secure-message-fixture';
import { seedHealthSummaryFixture } from '../../../test/health-summary-fixture';

let t: TestApp;
let fx: AccessFixture;

/** Records of patient A for path parameters that name one (the demo seed gives her some of each). */
const RECORDS_OF_A: Record<string, string> = {
  articleId: 'select min(id) as id from education_articles where patient_id = $1',
  noteId: 'select min(id) as id from medical_notes where patient_id = $1 and is_published',
  labResultId: 'select min(id) as id from lab_results where patient_id = $1 and is_published',
};
let recordsOfA: Record<string, string> = {};
/** Routes whose record parameter needs a record of patient A in another state than the other routes' (by route). */
let routeRecordsOfA: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  for (const [name, query] of Object.entries(RECORDS_OF_A)) {
    const [row] = await t.database.session((s) => s.query<{ id: number | null }>(query, [fx.patientA]));
    if (!row?.id) throw new Error(`The demo seed gives patient A no record for :${name}`);
    recordsOfA = { ...recordsOfA, [name]: String(row.id) };
  }
  // Questionnaire assignments (:id): a current one, and one of the history for the review route (the demo seed's,
  // else new ones).
  const questionnaires = await questionnaireRecordsOf(t.database.db, fx.patientA);
  recordsOfA = { ...recordsOfA, id: String(questionnaires.current) };
  // A secure message thread of patient A (:threadId), begun by one of her care team.
  recordsOfA = { ...recordsOfA, threadId: String(await secureMessageThreadOf(t.database.db, fx.patientA)) };
  // An external system of patient A with health summaries (:ifSystemId), so the reads answer 200 (a 404 would
  // pass for a refusal).
  const summaries = await seedHealthSummaryFixture(t.database.db, fx.patientA);
  recordsOfA = { ...recordsOfA, ifSystemId: String(summaries.systems.ccda.id) };
  routeRecordsOfA = {
    '/api/patients/:patientId/assignedquestionnaires/history/:id': { id: String(questionnaires.history) },
  };
});
afterAll(async () => {
  await t.close();
});

/** What each kind of caller is to patient A, the patient every patient route is asked about. */
const RELATIONSHIP_TO_A: Record<CallerKind, Relationship> = {
  anonymous: 'none',
  patientA: 'self',
  patientB: 'none',
  representativeOfA: 'representative',
  disabledRepresentative: 'none',
  kioskStaff: 'none',
  kioskUserOfA: 'kioskUser',
  linkUserOfA: 'linkUser',
  integrationClient: 'none',
};

/** Callers that hold a user account of their own (kiosk and link users act only for a patient). */
const HAS_USER: Record<CallerKind, boolean> = {
  anonymous: false,
  patientA: true,
  patientB: true,
  representativeOfA: true,
  disabledRepresentative: true,
  kioskStaff: true,
  kioskUserOfA: false,
  linkUserOfA: false,
  integrationClient: false,
};

type Expected = 'allowed' | 401 | 403 | 404;

/**
 * The facility information pages (session routes of /api/facilities/{facilityId}/...): only users whose capability
 * profile grants the page's module read them (the demo grants them to patients and representatives), others 403.
 */
const FACILITY_PAGE_ROUTE = /^\/api\/facilities\/:facilityId\/(faqs|usefulLinks|downloadableContent)/;
const FACILITY_PAGE_READERS: readonly CallerKind[] = ['patientA', 'patientB', 'representativeOfA'];
/** Session routes of the account settings page that only a user's own session may use (kiosk and link 403). */
const USER_SESSION_ROUTES = ['/api/systemremindersettings'];

/** The rule of the design brief, written out independently of the hooks that enforce it. */
function expected(route: RouteEntry, caller: CallerKind, userIdInPath: 'own' | 'other'): Expected {
  // The integration API and the portal's API are closed to each other's tokens.
  if (route.access === 'integration') return caller === 'integrationClient' ? 'allowed' : 401;
  if (caller === 'integrationClient' && route.access !== 'public' && route.access !== 'development') return 401;
  switch (route.access) {
    case 'public':
    case 'development':
      return 'allowed';
    case 'session':
      if (caller === 'anonymous') return 401;
      if (FACILITY_PAGE_ROUTE.test(route.url)) return FACILITY_PAGE_READERS.includes(caller) ? 'allowed' : 403;
      if (USER_SESSION_ROUTES.includes(route.url)) return HAS_USER[caller] ? 'allowed' : 403;
      // A session route that names a user (logout) takes only the caller's own id.
      return route.url.includes(':userId') && userIdInPath === 'other' ? 404 : 'allowed';
    case 'kioskStaff':
      if (caller === 'anonymous') return 401;
      return caller === 'kioskStaff' ? 'allowed' : 403;
    case 'user':
      if (caller === 'anonymous') return 401;
      return HAS_USER[caller] && userIdInPath === 'own' ? 'allowed' : 404;
    case 'patient':
    case 'contact': {
      if (caller === 'anonymous') return 401;
      const relationship = RELATIONSHIP_TO_A[caller];
      if (relationship === 'none') return 404;
      return route.relationships?.includes(relationship) ? 'allowed' : 403;
    }
  }
}

function routesUnderTest(): RouteEntry[] {
  // The static web app and the API docs belong to plugins; everything else is ours.
  return t.app.routeTable.filter(
    (r) => r.url !== '/*' && !r.url.startsWith('/api/docs') && !r.url.startsWith('/integration/docs'),
  );
}

describe('the authorisation matrix', () => {
  it('covers every route the server has, each with a declared rule', () => {
    const routes = routesUnderTest();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    // Every patient route has :patientId or finds the patient from its record, every user route has :userId
    // (the server refuses to start otherwise).
    for (const route of routes.filter((r) => r.access === 'patient' && !r.recordScoped)) {
      expect(route.url).toContain(':patientId');
    }
    for (const route of routes.filter((r) => r.access === 'user')) expect(route.url).toContain(':userId');
  });

  it('answers every route, for every kind of caller, as the access rules say', async () => {
    const failures: string[] = [];
    for (const route of routesUnderTest()) {
      for (const caller of CALLER_KINDS) {
        const variants: ('own' | 'other')[] = route.url.includes(':userId') ? ['own', 'other'] : ['own'];
        for (const variant of variants) {
          // Each request gets a fresh session: some routes (logout) end the one they are called with.
          const { bearer: token, userId } = await fx.token(caller);
          const ownUserId = route.access === 'session' ? userId : userId || fx.userIds.jane;
          const pathUserId = variant === 'own' ? ownUserId : caller === 'patientB' ? fx.userIds.jane : fx.userIds.john;
          const url = fill(route.url, {
            patientId: String(fx.patientA),
            userId: String(pathUserId),
            // A contact of patient A, so contact routes ask about A as patient routes do.
            contactId: String(fx.contactOfA),
            ...recordsOfA,
            ...routeRecordsOfA[route.url],
          });
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...bearer(token), accept: 'application/json' },
          });
          const want = expected(route, caller, variant);
          const got = res.statusCode;
          // An integration client may find no record under a sample identifier (404): only 401 and 403 refuse it.
          // So may a developer mailbox's file (the matrix calls from this machine, which they answer).
          const refusals =
            route.access === 'integration' || (route.access === 'development' && route.url.includes(':'))
              ? [401, 403]
              : [401, 403, 404];
          const ok = want === 'allowed' ? !refusals.includes(got) && got < 500 : got === want;
          if (!ok) failures.push(`${route.method} ${url} as ${caller} (${variant}): expected ${want}, got ${got}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('walks every health summary route of the patient API', () => {
    const urls = routesUnderTest().map((r) => `${r.method} ${r.url}`);
    const base = '/api/patients/:patientId';
    for (const route of [
      `GET ${base}/HealthSummary/OfficeVisits`,
      `GET ${base}/HealthSummary/:ifSystemId`,
      `GET ${base}/MostRecentHealthSummary/:ifSystemId`,
      `GET ${base}/HealthSummary/:ifSystemId/html`,
      `POST ${base}/HealthSummary/:ifSystemId/print`,
      `GET ${base}/HealthSummary/:ifSystemId/download`,
      `POST ${base}/HealthSummary/:ifSystemId/:transmitType`,
    ]) {
      expect(urls, route).toContain(route);
      const entry = routesUnderTest().find((r) => `${r.method} ${r.url}` === route);
      expect(entry?.access, route).toBe('patient');
      expect(entry?.relationships, route).toEqual(['self', 'representative']);
    }
  });

  it('walks the questionnaire templates’ interpretation routes: integration only, scope content', () => {
    for (const method of ['PUT', 'GET']) {
      const entry = routesUnderTest().find(
        (r) => r.method === method && r.url === '/integration/v1/questionnaire-templates/:externalId/interpretation',
      );
      expect(entry, method).toMatchObject({ access: 'integration', integrationScope: 'content' });
    }
  });

  it('never tells a stranger whether a patient exists', async () => {
    const { bearer: token } = await fx.token('patientB');
    const existing = await t.app.inject({ url: `/api/patients/${fx.patientA}`, headers: bearer(token) });
    const missing = await t.app.inject({ url: '/api/patients/999999', headers: bearer(token) });
    expect(existing.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect({ ...existing.json(), requestId: '' }).toEqual({ ...missing.json(), requestId: '' });
  });

  it('stops serving a representative the moment the patient disables their access', async () => {
    const { bearer: token } = await fx.token('representativeOfA');
    const before = await t.app.inject({ url: `/api/patients/${fx.patientA}`, headers: bearer(token) });
    expect(before.statusCode).toBe(200);
    const { personalContacts } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(personalContacts)
      .set({ isAuthorizedRepresentativeActive: false })
      .where(eq(personalContacts.authorizedRepresentativeUserId, fx.userIds.robert));
    const after = await t.app.inject({ url: `/api/patients/${fx.patientA}`, headers: bearer(token) });
    expect(after.statusCode).toBe(404);
    await t.database.db
      .update(personalContacts)
      .set({ isAuthorizedRepresentativeActive: true })
      .where(eq(personalContacts.authorizedRepresentativeUserId, fx.userIds.robert));
  });
});
