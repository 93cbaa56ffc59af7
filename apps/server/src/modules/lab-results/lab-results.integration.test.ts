import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationLabResult, IntegrationRecordPut, LabResult, LabResultListItem } from '@portal/contracts';
import { auditEvents, labResultGroups, labResults } from '../../db/schema/index';
import { INTEGRATION_CALL_AUDIT_EVENT } from '../../platform/access/access-control';
import { expectError, expectOk, openApiApp, request, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { integrationToken } from '../../../test/integration-client';
import { DETAIL_VIEW_AUDIT_EVENT } from './lab-results.service';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let riverside: string;

const JANE_MRN = 'RCC-100234';

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  riverside = await clinicalToken();
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

/** An access token of a new client of a facility, with the given scopes. */
const clinicalToken = (scopes = 'clinical', facility = 'riverside') => integrationToken(t, scopes, facility);

const resultUrl = (externalId: string, mrn = JANE_MRN) =>
  `/integration/v1/patients/${mrn}/lab-results/${encodeURIComponent(externalId)}`;

function put(externalId: string, body: unknown, token: string | null = riverside, mrn = JANE_MRN) {
  return request(t, 'PUT', resultUrl(externalId, mrn), { token, body });
}
function withdraw(externalId: string, token = riverside, mrn = JANE_MRN) {
  return request(t, 'DELETE', resultUrl(externalId, mrn), { token });
}

/** A published result, collected yesterday: a CBC of two tests. */
function labBody(overrides: Partial<IntegrationLabResult> = {}): IntegrationLabResult {
  return {
    isPublished: true,
    collectedAt: new Date(Date.now() - 86_400_000).toISOString(),
    externalStatus: 'Final',
    requestingPhysician: 'Dr. Priya Raman',
    labName: 'RCC Laboratory',
    labAddress: '1200 River Road, Riverside, NY 12210',
    noteToPatient: 'Your counts are recovering well.',
    groups: [
      {
        groupDisplayName: 'CBC with Differential',
        details: [
          {
            testDisplayName: 'White Blood Cell Count',
            testValue: '5.1',
            unitOfMeasure: 'x10^3/uL',
            referencesRange: '3.4 - 10.8',
            abnormalFlag: 'N',
            testDetailStatus: 'Final',
          },
          { testDisplayName: 'Hemoglobin', testValue: '11.2', unitOfMeasure: 'g/dL', abnormalFlag: 'L' },
        ],
      },
    ],
    ...overrides,
  };
}

const newId = () => `ACC-${randomUUID()}`;
const listUrl = () => `/api/patients/${fx.patientA}/labresults/published`;
const countUrl = () => `/api/patients/${fx.patientA}/labresults/NotReviewedCount`;
const detailUrl = (id: number) => `/api/patients/${fx.patientA}/labresults/${id}`;

async function janeList() {
  return expectOk<LabResultListItem[]>(await api.get(listUrl(), 'patientA'));
}
async function janeCount() {
  return expectOk<number>(await api.get(countUrl(), 'patientA'));
}
async function janeViews(id: number) {
  return expectOk<LabResult>(await api.get(detailUrl(id), 'patientA'));
}
async function created(externalId: string, body = labBody()) {
  const res = await put(externalId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<IntegrationRecordPut>();
}

/* --------------------------------------------------------------------- PUT */

describe('PUT /integration/v1/patients/:mrn/lab-results/:externalId', () => {
  it('creates a published result that jane sees at once as new, and her badge count grows', async () => {
    const before = await janeCount();
    const externalId = newId();
    const res = await put(externalId, labBody());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<IntegrationRecordPut>();
    expect(body).toEqual({ id: expect.any(Number), externalId, created: true, changed: true });

    const item = (await janeList()).find((r) => r.labResultId === body.id);
    expect(item).toMatchObject({
      isReviewedByPatient: false,
      externalStatus: 'Final',
      requestingPhysician: 'Dr. Priya Raman',
      noteToPatient: 'Your counts are recovering well.',
      comment: null,
      city: null,
      testResultGroups: [{ groupDisplayName: 'CBC with Differential' }],
    });
    expect(await janeCount()).toBe(before + 1);

    const detail = await janeViews(body.id);
    expect(detail.testResultGroups[0]?.testResultDetails).toMatchObject([
      { testDisplayName: 'White Blood Cell Count', testValue: '5.1', abnormalFlag: 'N', testDetailStatus: 'Final' },
      { testDisplayName: 'Hemoglobin', testValue: '11.2', abnormalFlag: 'L', referencesRange: null, comment: null },
    ]);
    // Viewed: no longer new.
    expect(await janeCount()).toBe(before);
  });

  it('replaces a result under the same identifier: same id, groups replaced, new again for jane', async () => {
    const externalId = newId();
    const first = await created(externalId);
    await janeViews(first.id);
    const before = await janeCount();

    const corrected = labBody({
      externalStatus: 'Corrected',
      groups: [
        {
          groupDisplayName: 'Comprehensive Metabolic Panel',
          details: [{ testDisplayName: 'Sodium', testValue: '139' }],
        },
        { groupDisplayName: 'Tumor Markers', details: [{ testDisplayName: 'CA 15-3', testValue: '18' }] },
      ],
    });
    const res = await put(externalId, corrected);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: first.id, externalId, created: false, changed: true });

    const groups = await db
      .select({ name: labResultGroups.groupDisplayName })
      .from(labResultGroups)
      .where(eq(labResultGroups.labResultId, first.id))
      .orderBy(asc(labResultGroups.sortOrder));
    expect(groups.map((g) => g.name)).toEqual(['Comprehensive Metabolic Panel', 'Tumor Markers']);

    expect(await janeCount()).toBe(before + 1);
    const item = (await janeList()).find((r) => r.labResultId === first.id);
    expect(item).toMatchObject({ isReviewedByPatient: false, externalStatus: 'Corrected' });
    const detail = await janeViews(first.id);
    expect(detail.testResultGroups.map((g) => g.testResultDetails.map((d) => d.testDisplayName))).toEqual([
      ['Sodium'],
      ['CA 15-3'],
    ]);
  });

  it('changes nothing on a resend of the same content (the same instant in another offset too)', async () => {
    const externalId = newId();
    const body = labBody({ collectedAt: '2025-03-04T13:15:00Z' });
    const first = await created(externalId, body);
    await janeViews(first.id);
    const [before] = await db.select().from(labResults).where(eq(labResults.id, first.id));
    const count = await janeCount();

    for (const resend of [body, { ...body, collectedAt: '2025-03-04T08:15:00-05:00' }]) {
      const res = await put(externalId, resend);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: first.id, externalId, created: false, changed: false });
    }
    const [after] = await db.select().from(labResults).where(eq(labResults.id, first.id));
    expect(after).toEqual(before);
    expect(after?.isReviewedByPatient).toBe(true);
    expect(await janeCount()).toBe(count);
  });

  it('keeps an unpublished result from jane until it is published, then it is new', async () => {
    const externalId = newId();
    const count = await janeCount();
    const { id } = await created(externalId, labBody({ isPublished: false }));
    expect((await janeList()).some((r) => r.labResultId === id)).toBe(false);
    expectError(await api.get(detailUrl(id), 'patientA'), 404, 'not_found');
    expect(await janeCount()).toBe(count);

    expect((await put(externalId, labBody({ isPublished: true }))).statusCode).toBe(200);
    expect((await janeList()).find((r) => r.labResultId === id)?.isReviewedByPatient).toBe(false);
    expect(await janeCount()).toBe(count + 1);
  });

  it('refuses a body that breaks the schema with a 400 naming the field, writing nothing', async () => {
    const externalId = newId();
    const tooLong = labBody();
    tooLong.groups[0]!.details[0]!.testDisplayName = 'x'.repeat(201);
    expectError(await put(externalId, tooLong), 400, 'validation_failed', 'groups.0.details.0.testDisplayName');
    expectError(
      await put(externalId, { ...labBody(), collectedAt: 'yesterday' }),
      400,
      'validation_failed',
      'collectedAt',
    );
    const { groups: _groups, ...withoutGroups } = labBody();
    expectError(await put(externalId, withoutGroups), 400, 'validation_failed', 'groups');
    expectError(await put(externalId, labBody({ groups: [] })), 400, 'validation_failed', 'groups');
    const flag = labBody();
    (flag.groups[0]!.details[0] as Record<string, unknown>).abnormalFlag = 'HIGH';
    expectError(await put(externalId, flag), 400, 'validation_failed', 'groups.0.details.0.abnormalFlag');
    // A field the schema does not know is named itself, at the top and deep down.
    const unknown = await put(externalId, { ...labBody(), resultStatus: 'Final' });
    expect(expectError(unknown, 400, 'validation_failed', 'resultStatus').message).toContain('resultStatus');
    const deep = labBody();
    (deep.groups[0]!.details[0] as Record<string, unknown>).loincCode = '2951-2';
    expectError(await put(externalId, deep), 400, 'validation_failed', 'groups.0.details.0.loincCode');
    expectError(await put('has space', labBody()), 400, 'validation_failed', 'externalId');
    expectError(await put('x'.repeat(201), labBody()), 400, 'validation_failed', 'externalId');

    const rows = await db.select().from(labResults).where(eq(labResults.externalId, externalId));
    expect(rows).toEqual([]);
  });

  it('finds only patients of the client’s facility: another facility’s MRN is 404, as is an unknown one', async () => {
    expectError(await put(newId(), labBody(), riverside, 'LCC-2001'), 404, 'not_found');
    expectError(await put(newId(), labBody(), riverside, 'RCC-999999'), 404, 'not_found');
    const lakeside = await clinicalToken('clinical', 'lakeside');
    const externalId = newId();
    expectError(await put(externalId, labBody(), lakeside, JANE_MRN), 404, 'not_found');
    expect(await db.select().from(labResults).where(eq(labResults.externalId, externalId))).toEqual([]);
  });

  it('needs the clinical scope (403 insufficient_scope) and a token of the integration API (401)', async () => {
    const events = await clinicalToken('events');
    expectError(await put(newId(), labBody(), events), 403, 'insufficient_scope');
    expectError(await withdraw(newId(), events), 403, 'insufficient_scope');
    const jane = await api.tokenOf('patientA');
    expectError(await put(newId(), labBody(), jane), 401, 'invalid_token');
  });

  it('gave the demo’s results stable identifiers through the same intake', async () => {
    const rows = await db
      .select({ externalId: labResults.externalId })
      .from(labResults)
      .where(eq(labResults.patientId, fx.patientA))
      .orderBy(asc(labResults.id));
    expect(rows.slice(0, 3).map((r) => r.externalId)).toEqual(['demo-lab-1', 'demo-lab-2', 'demo-lab-3']);
  });
});

/* ------------------------------------------------------------------ DELETE */

describe('DELETE /integration/v1/patients/:mrn/lab-results/:externalId', () => {
  it('withdraws a result: gone from jane’s list, detail, count and printout; the audit trail stays', async () => {
    const externalId = newId();
    const { id } = await created(externalId);
    await janeViews(id);
    // Published again with new content: new for jane, counted.
    await put(externalId, labBody({ noteToPatient: 'Updated.' }));
    const count = await janeCount();

    const res = await withdraw(externalId);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    expect((await janeList()).some((r) => r.labResultId === id)).toBe(false);
    expectError(await api.get(detailUrl(id), 'patientA'), 404, 'not_found');
    const pdf = `/api/patients/${fx.patientA}/labresults/published/${id}/pdf`;
    expectError(await api.post(pdf, 'patientA'), 404, 'not_found');
    expect(await janeCount()).toBe(count - 1);

    // The row and the audit rows about it stay.
    const [row] = await db.select().from(labResults).where(eq(labResults.id, id));
    expect(row?.withdrawnAt).toBeInstanceOf(Date);
    const views = await db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(eq(auditEvents.eventType, DETAIL_VIEW_AUDIT_EVENT))
      .orderBy(desc(auditEvents.id));
    expect(views.some((v) => (v.detail as { labResultId?: number } | null)?.labResultId === id)).toBe(true);
    const calls = await db
      .select({ route: auditEvents.route, patientId: auditEvents.patientId, detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, INTEGRATION_CALL_AUDIT_EVENT), eq(auditEvents.patientId, fx.patientA)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(calls[0]).toMatchObject({
      route: 'DELETE /integration/v1/patients/:mrn/lab-results/:externalId',
      detail: { mrn: JANE_MRN, externalId, status: 204 },
    });

    // Withdrawing again changes nothing; the time of the first withdrawal stays.
    expect((await withdraw(externalId)).statusCode).toBe(204);
    const [again] = await db.select().from(labResults).where(eq(labResults.id, id));
    expect(again?.withdrawnAt).toEqual(row?.withdrawnAt);
  });

  it('brings a withdrawn result back when it is put again, new for jane', async () => {
    const externalId = newId();
    const body = labBody();
    const { id } = await created(externalId, body);
    expect((await withdraw(externalId)).statusCode).toBe(204);
    const res = await put(externalId, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, externalId, created: false, changed: true });
    expect((await janeList()).find((r) => r.labResultId === id)?.isReviewedByPatient).toBe(false);
  });

  it('answers 404 for an identifier the patient has no result under, and for another facility’s patient', async () => {
    expectError(await withdraw(newId()), 404, 'not_found');
    const externalId = newId();
    await created(externalId);
    const lakeside = await clinicalToken('clinical', 'lakeside');
    expectError(await withdraw(externalId, lakeside), 404, 'not_found');
    expectError(await withdraw(externalId, riverside, 'LCC-2001'), 404, 'not_found');
    const [row] = await db.select().from(labResults).where(eq(labResults.externalId, externalId));
    expect(row?.withdrawnAt).toBeNull();
  });
});

/* ----------------------------------------------------------------- OpenAPI */

describe('the integration API’s description', () => {
  it('describes PUT and DELETE with tags, summaries, descriptions and the body schema; the portal API’s does not', async () => {
    const doc = (await t.app.inject({ url: '/integration/v1/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; description?: string; requestBody?: unknown }>
      >;
    }>();
    const operations = doc.paths['/integration/v1/patients/{mrn}/lab-results/{externalId}'];
    expect(Object.keys(operations ?? {}).sort()).toEqual(['delete', 'put']);
    for (const operation of Object.values(operations ?? {})) {
      expect(operation.tags).toEqual(['Lab results']);
      expect(operation.summary?.length).toBeGreaterThan(10);
      expect(operation.description?.length).toBeGreaterThan(100);
    }
    expect(JSON.stringify(operations?.put?.requestBody)).toContain('maxLength');
    const portal = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(portal.paths)).not.toContain('/integration/v1/patients/{mrn}/lab-results/{externalId}');
  });
});
