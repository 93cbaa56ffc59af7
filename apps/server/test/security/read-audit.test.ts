import { PATIENT_COUNT_AUDIT_EVENT } from '../../src/platform/access/access-control';
import { and, eq, gt, max } from 'drizzle-orm';
import {
  ACTIVITY_LOG_VIEW_AUDIT_EVENT,
  EDUCATION_ARTICLE_VIEW_AUDIT_EVENT,
  HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT,
  HEALTH_SUMMARY_VIEW_AUDIT_EVENT,
  MEDICAL_NOTE_PAGE_VIEW_AUDIT_EVENT,
  PERSONAL_DATA_EXPORT_AUDIT_EVENT,
  QUESTIONNAIRE_REVIEW_AUDIT_EVENT,
  QUESTIONNAIRE_VIEW_AUDIT_EVENT,
  SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT,
} from '@portal/contracts';
import { fill } from '../route-samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema/index';
import type { RouteEntry } from '../../src/platform/access/access-control';
import { bearer, type AccessFixture, type CallerKind } from '../access-fixture';
import { nextIp, openApiApp, type TestApp } from '../api';
import { questionnaireRecordsOf } from '../questionnaire-fixture';
import { secureMessageThreadOf } from '../secure-message-fixture';
import { seedHealthSummaryFixture } from '../health-summary-fixture';

// Issue 10, finding 2: reads of a patient's record left no trace. Every answer of a GET patient or contact route
// now leaves an audit row (the onSend hook of platform/access/access-control.ts) before it leaves.

const READ_EVENT = 'patientrecordreadauditevent';

let t: TestApp;
let fx: AccessFixture;

/** Records of a patient for path parameters that name one (as the authorisation matrix samples them). */
const RECORD_QUERIES: Record<string, string> = {
  articleId: 'select min(id) as id from education_articles where patient_id = $1',
  noteId: 'select min(id) as id from medical_notes where patient_id = $1 and is_published',
  labResultId: 'select min(id) as id from lab_results where patient_id = $1 and is_published',
};
let recordsOfA: Record<string, string> = {};
let recordsOfB: Record<string, string> = {};
/** Routes whose record parameter needs a record in another state than the other routes' (by route). */
let routeRecordsOfA: Record<string, Record<string, string>> = {};
let routeRecordsOfB: Record<string, Record<string, string>> = {};
const QUESTIONNAIRE_REVIEW_ROUTE = '/api/patients/:patientId/assignedquestionnaires/history/:id';
/** Reads audited under an event of their own (the route's config.auditRead or request.readAudit) rather than READ_EVENT. */
const OWN_READ_EVENTS: Record<string, string> = {
  'GET /api/patients/:patientId/labresults/:labResultId': 'testresultdetailviewauditevent',
  'GET /api/patients/:patientId/assignedquestionnaires/:id': QUESTIONNAIRE_VIEW_AUDIT_EVENT,
  [`GET ${QUESTIONNAIRE_REVIEW_ROUTE}`]: QUESTIONNAIRE_REVIEW_AUDIT_EVENT,
  'GET /api/patients/:patientId/medicalnotes/published/:noteId/page/:pageNumber/content':
    MEDICAL_NOTE_PAGE_VIEW_AUDIT_EVENT,
  'GET /api/education/articles/:articleId/content': EDUCATION_ARTICLE_VIEW_AUDIT_EVENT,
  'GET /api/patients/:patientId/SecureMessages/threads/:threadId': SECURE_MESSAGE_THREAD_VIEW_AUDIT_EVENT,
  'GET /api/patients/:patientId/HealthSummary/:ifSystemId/html': HEALTH_SUMMARY_VIEW_AUDIT_EVENT,
  // The sample query asks for the default format, XML.
  'GET /api/patients/:patientId/HealthSummary/:ifSystemId/download': HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT,
  'GET /api/patients/:patientId/audits/report': ACTIVITY_LOG_VIEW_AUDIT_EVENT,
  'GET /api/patients/:patientId/export': PERSONAL_DATA_EXPORT_AUDIT_EVENT,
  // Counts (the header's badges, the archived count) are kept, but as counts: no read of a record.
  ...Object.fromEntries(
    [
      'labresults/NotReviewedCount',
      'medicalnotes/notReviewedCount',
      'treatmentSummary/UnseenCount',
      'assignedquestionnaires/newcount',
      'SecureMessages/countUnread',
      'education/UnreadCount',
      'education/ArchivedCount',
    ].map((path) => [`GET /api/patients/:patientId/${path}`, PATIENT_COUNT_AUDIT_EVENT]),
  ),
};

/** The health summary's GET routes (spec 002, 7). */
const HEALTH_SUMMARY_READS = [
  '/api/patients/:patientId/HealthSummary/OfficeVisits',
  '/api/patients/:patientId/HealthSummary/:ifSystemId',
  '/api/patients/:patientId/MostRecentHealthSummary/:ifSystemId',
  '/api/patients/:patientId/HealthSummary/:ifSystemId/html',
  '/api/patients/:patientId/HealthSummary/:ifSystemId/download',
];

async function recordsOf(patientId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, query] of Object.entries(RECORD_QUERIES)) {
    const [row] = await t.database.session((s) => s.query<{ id: number | null }>(query, [patientId]));
    if (row?.id) out[name] = String(row.id);
  }
  return out;
}

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  recordsOfA = await recordsOf(fx.patientA);
  recordsOfB = await recordsOf(fx.patientB);
  expect(Object.keys(recordsOfA).sort()).toEqual(Object.keys(RECORD_QUERIES).sort());
  // Questionnaire assignments (:id): a current one, and one of the history for the review route; patient B gets
  // both too, so the walk can ask patient A's path for B's.
  const questionnairesOfA = await questionnaireRecordsOf(t.database.db, fx.patientA);
  const questionnairesOfB = await questionnaireRecordsOf(t.database.db, fx.patientB);
  recordsOfA = { ...recordsOfA, id: String(questionnairesOfA.current) };
  recordsOfB = { ...recordsOfB, id: String(questionnairesOfB.current) };
  routeRecordsOfA = { [QUESTIONNAIRE_REVIEW_ROUTE]: { id: String(questionnairesOfA.history) } };
  routeRecordsOfB = { [QUESTIONNAIRE_REVIEW_ROUTE]: { id: String(questionnairesOfB.history) } };
  // A secure message thread of each patient (:threadId).
  recordsOfA = { ...recordsOfA, threadId: String(await secureMessageThreadOf(t.database.db, fx.patientA)) };
  recordsOfB = { ...recordsOfB, threadId: String(await secureMessageThreadOf(t.database.db, fx.patientB)) };
  // An external system of each patient with health summaries (:ifSystemId).
  const summariesOfA = await seedHealthSummaryFixture(t.database.db, fx.patientA);
  const summariesOfB = await seedHealthSummaryFixture(t.database.db, fx.patientB);
  recordsOfA = { ...recordsOfA, ifSystemId: String(summariesOfA.systems.ccda.id) };
  recordsOfB = { ...recordsOfB, ifSystemId: String(summariesOfB.systems.ccda.id) };
});
afterAll(async () => {
  await t.close();
});

/** Every GET route about one patient's record: the routes whose reads must be audited. */
function readRoutes(): RouteEntry[] {
  return t.app.routeTable.filter((r) => r.method === 'GET' && (r.access === 'patient' || r.access === 'contact'));
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.database.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

/** The read rows written after `since` for this route. */
async function readRowsSince(since: number, route: string) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        gt(auditEvents.id, since),
        eq(auditEvents.eventType, OWN_READ_EVENTS[route] ?? READ_EVENT),
        eq(auditEvents.route, route),
      ),
    );
}

interface Reader {
  kind: CallerKind;
  relationship: 'self' | 'representative' | 'kioskUser' | 'linkUser';
  loginType: string;
  actor: () => number | null;
}

const READERS: Reader[] = [
  { kind: 'patientA', relationship: 'self', loginType: 'userNamePassword', actor: () => fx.userIds.jane },
  {
    kind: 'representativeOfA',
    relationship: 'representative',
    loginType: 'userNamePassword',
    actor: () => fx.userIds.robert,
  },
  { kind: 'kioskUserOfA', relationship: 'kioskUser', loginType: 'patientKioskUser', actor: () => null },
  { kind: 'linkUserOfA', relationship: 'linkUser', loginType: 'patientLinkUser', actor: () => null },
];

describe('every read of a patient record is audited', () => {
  it('walks at least the routes the issue names', () => {
    const urls = readRoutes().map((r) => r.url);
    expect(urls.length).toBeGreaterThan(15);
    expect(urls).toContain('/api/patients/:patientId/labresults/published');
    expect(urls).toContain('/api/patients/:patientId/contacts');
    expect(urls.some((u) => u.includes(':contactId'))).toBe(true);
  });

  it.each(READERS)(
    'writes $relationship rows with the route, the client address and success for each answer as $kind',
    async (reader) => {
      const answered: string[] = [];
      const failures: string[] = [];
      for (const route of readRoutes()) {
        if (!route.relationships?.includes(reader.relationship)) continue;
        const { bearer: token } = await fx.token(reader.kind);
        const url = fill(route.url, {
          patientId: String(fx.patientA),
          contactId: String(fx.contactOfA),
          ...recordsOfA,
          ...routeRecordsOfA[route.url],
        });
        const address = nextIp();
        const since = await lastAuditId();
        const res = await t.app.inject({ method: 'GET', url, remoteAddress: address, headers: bearer(token) });
        if (res.statusCode < 200 || res.statusCode >= 300) continue;
        answered.push(route.url);
        const rows = await readRowsSince(since, `GET ${route.url}`);
        const ok = rows.filter(
          (row) =>
            row.patientId === fx.patientA &&
            row.relationship === reader.relationship &&
            row.actorUserId === reader.actor() &&
            row.loginType === reader.loginType &&
            row.outcome === 'success' &&
            row.clientAddress === address &&
            row.sessionId !== null &&
            row.facilityId === fx.facilityId,
        );
        if (ok.length !== 1) {
          failures.push(`GET ${url} (${res.statusCode}) as ${reader.kind}: ${JSON.stringify(rows)}`);
        }
      }
      expect(failures).toEqual([]);
      // The self and representative walk reads the whole record; kiosk and link users at least one route.
      expect(answered.length, `routes that answered ${reader.kind}`).toBeGreaterThan(
        reader.relationship === 'self' ? 10 : 0,
      );
      // The health summary's reads answered and were audited (under their own events for the view and download).
      if (reader.relationship === 'self' || reader.relationship === 'representative') {
        expect(answered).toEqual(expect.arrayContaining(HEALTH_SUMMARY_READS));
      }
    },
  );

  it('names the records read in the row, never their contents', async () => {
    const { bearer: token } = await fx.token('patientA');
    const since = await lastAuditId();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${fx.patientA}/labresults/${recordsOfA.labResultId}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await readRowsSince(since, 'GET /api/patients/:patientId/labresults/:labResultId');
    // The detail view's own event: the record and whether this view marked it reviewed.
    expect(row?.detail).toEqual({
      patientId: String(fx.patientA),
      labResultId: Number(recordsOfA.labResultId),
      markedReviewed: expect.any(Boolean),
      status: 200,
    });
  });

  it('writes no success row for a 404 of a record of another patient', async () => {
    const attempts: string[] = [];
    for (const route of readRoutes()) {
      const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      const ofA = { ...recordsOfA, ...routeRecordsOfA[route.url] };
      const ofB = { ...recordsOfB, ...routeRecordsOfB[route.url] };
      const recordParam = names.find((n) => n in ofA);
      // Patient A's own path with a record of patient B, or the record of patient B alone (its path names no patient).
      const url = recordParam
        ? ofB[recordParam]
          ? fill(route.url, {
              patientId: String(fx.patientA),
              ...ofA,
              [recordParam]: ofB[recordParam],
            })
          : null
        : names.includes('patientId')
          ? fill(route.url, { patientId: String(fx.patientB), contactId: String(fx.contactOfA), ...ofB })
          : null;
      if (!url) continue;
      const { bearer: token } = await fx.token('patientA');
      const since = await lastAuditId();
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp(), headers: bearer(token) });
      expect(res.statusCode, `GET ${url}`).toBe(404);
      attempts.push(url);
      const rows = await readRowsSince(since, `GET ${route.url}`);
      expect(
        rows.filter((r) => r.outcome === 'success'),
        `GET ${url}`,
      ).toEqual([]);
      // Nothing of patient B was recorded as read, by anyone.
      expect(rows.filter((r) => r.patientId === fx.patientB)).toEqual([]);
    }
    expect(attempts.some((u) => u.includes(`/${fx.patientB}`))).toBe(true);
    expect(attempts.some((u) => !u.includes(`/${fx.patientB}`))).toBe(true);
  });
});
