import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationRecordPut, TreatmentSummaryResponse } from '@portal/contracts';
import { auditEvents, treatmentSummaryItems } from '../../db/schema/index';
import { INTEGRATION_CALL_AUDIT_EVENT } from '../../platform/access/access-control';
import { expectError, expectOk, openApiApp, request, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { integrationToken } from '../../../test/integration-client';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let riverside: string;

const JANE_MRN = 'RCC-100234';

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  riverside = await tokenOf();
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

/** An access token of a new client of a facility, with the given scopes. */
const tokenOf = (scopes = 'clinical', facility = 'riverside') => integrationToken(t, scopes, facility);

const itemUrl = (externalId: string, mrn = JANE_MRN) =>
  `/integration/v1/patients/${mrn}/treatment-summary/${encodeURIComponent(externalId)}`;
const put = (externalId: string, body: unknown, token = riverside, mrn = JANE_MRN) =>
  request(t, 'PUT', itemUrl(externalId, mrn), { token, body });
const withdraw = (externalId: string, token = riverside, mrn = JANE_MRN) =>
  request(t, 'DELETE', itemUrl(externalId, mrn), { token });

const newId = () => `TS-${randomUUID()}`;

/** An allergy: the smallest group with fields of every kind the tests need. */
const allergy = (allergen = 'Penicillin', overrides: Record<string, unknown> = {}) => ({
  groupName: 'Allergy',
  fields: { allergen, response: 'Hives', ...overrides },
});

const janeCount = async () =>
  expectOk<number>(await api.get(`/api/patients/${fx.patientA}/treatmentSummary/UnseenCount`, 'patientA'));
/** Jane's summary (viewing it marks every item seen). */
const janeSummary = async () =>
  expectOk<TreatmentSummaryResponse>(await api.get(`/api/patients/${fx.patientA}/treatmentSummary`, 'patientA'));
const janeItem = async (itemId: number) =>
  (await janeSummary())
    .flatMap((g) => g.value.map((item) => ({ ...item, group: g.key })))
    .find((i) => i.itemId === itemId);

async function created(externalId: string, body: unknown = allergy()) {
  const res = await put(externalId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<IntegrationRecordPut>();
}

/* --------------------------------------------------------------------- PUT */

describe('PUT /integration/v1/patients/:mrn/treatment-summary/:externalId', () => {
  it('creates an item jane sees at once as new, and her badge count grows', async () => {
    await janeSummary();
    const before = await janeCount();
    const externalId = newId();
    const body = await created(externalId);
    expect(body).toEqual({ id: expect.any(Number), externalId, created: true, changed: true });
    expect(await janeCount()).toBe(before + 1);

    const item = await janeItem(body.id);
    expect(item).toMatchObject({
      group: 'Allergy',
      allergen: 'Penicillin',
      response: 'Hives',
      isPatientReviewed: false,
    });
    expect(await janeCount()).toBe(0);
  });

  it('replaces an item under the same identifier (another group too), keeping its id; it is new again', async () => {
    const externalId = newId();
    const { id } = await created(externalId);
    await janeSummary();

    const res = await put(externalId, {
      groupName: 'Diagnosis',
      fields: { icdDescriptionFull: 'Malignant neoplasm of breast', diagnosisDate: '2024-03-01', icdCode: 'C50.9' },
      sortOrder: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<IntegrationRecordPut>()).toEqual({ id, externalId, created: false, changed: true });
    expect(await janeCount()).toBe(1);
    const item = await janeItem(id);
    expect(item).toMatchObject({ group: 'Diagnosis', icdCode: 'C50.9', diagnosisDate: '2024-03-01' });
    expect(item).not.toHaveProperty('allergen');

    // A null-message holder replaces it: only the message shows.
    const nothing = await put(externalId, { groupName: 'Allergy', isNullMessageHolder: true, nullMessage: 'NKDA' });
    expect(nothing.statusCode, nothing.body).toBe(200);
    expect(await janeItem(id)).toMatchObject({ isNullMessageHolder: true, nullMessage: 'NKDA', allergen: null });
  });

  it('changes nothing on a resend (field order and null versus absent alike): the item stays seen', async () => {
    const externalId = newId();
    const { id } = await created(externalId, allergy('Latex', { comment: null }));
    await janeSummary();
    const before = await db.select().from(treatmentSummaryItems).where(eq(treatmentSummaryItems.id, id));

    const res = await put(externalId, { fields: { response: 'Hives', allergen: 'Latex' }, groupName: 'Allergy' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<IntegrationRecordPut>()).toEqual({ id, externalId, created: false, changed: false });
    expect(await janeCount()).toBe(0);
    expect(await db.select().from(treatmentSummaryItems).where(eq(treatmentSummaryItems.id, id))).toEqual(before);
  });

  it('refuses a body that breaks the schema with a 400 naming the field, writing nothing', async () => {
    const externalId = newId();
    expectError(await put(externalId, allergy('x'.repeat(4001))), 400, 'validation_failed', 'fields.allergen');
    expectError(
      await put(externalId, { groupName: 'Diagnosis', fields: { diagnosisDate: 'last spring' } }),
      400,
      'validation_failed',
      'fields.diagnosisDate',
    );
    expectError(
      await put(externalId, { groupName: 'SocialHistory', fields: { smokingYears: 'ten' } }),
      400,
      'validation_failed',
      'fields.smokingYears',
    );
    expectError(await put(externalId, { groupName: 'Dental', fields: {} }), 400, 'validation_failed', 'groupName');
    expectError(await put(externalId, { fields: {} }), 400, 'validation_failed', 'groupName');
    // A field of another group, and an unknown field beside the item's, are named rather than dropped.
    const other = expectError(await put(externalId, allergy('Latex', { icdCode: 'C50.9' })), 400, 'validation_failed');
    expect(other.message).toContain('icdCode');
    const unknown = expectError(await put(externalId, { ...allergy(), severity: 'high' }), 400, 'validation_failed');
    expect(unknown.message).toContain('severity');
    expectError(
      await put(externalId, { groupName: 'Allergy', isNullMessageHolder: true }),
      400,
      'validation_failed',
      'nullMessage',
    );
    expectError(await put('has space', allergy()), 400, 'validation_failed', 'externalId');

    expect(
      await db.select().from(treatmentSummaryItems).where(eq(treatmentSummaryItems.externalId, externalId)),
    ).toEqual([]);
  });

  it('finds only patients of the client’s facility: another facility’s MRN is 404', async () => {
    const externalId = newId();
    expectError(await put(externalId, allergy(), riverside, 'LCC-2001'), 404, 'not_found');
    expectError(await put(externalId, allergy(), riverside, 'RCC-999999'), 404, 'not_found');
    expect(
      await db.select().from(treatmentSummaryItems).where(eq(treatmentSummaryItems.externalId, externalId)),
    ).toEqual([]);
  });

  it('needs the clinical scope (403 insufficient_scope)', async () => {
    const content = await tokenOf('content events');
    expectError(await put(newId(), allergy(), content), 403, 'insufficient_scope');
    expectError(await withdraw(newId(), content), 403, 'insufficient_scope');
  });
});

/* ------------------------------------------------------------------ DELETE */

describe('DELETE /integration/v1/patients/:mrn/treatment-summary/:externalId', () => {
  it('withdraws an item: gone from jane’s summary and count; the row and the audit trail stay', async () => {
    await janeSummary();
    const externalId = newId();
    const { id } = await created(externalId);
    expect(await janeCount()).toBe(1);

    const res = await withdraw(externalId);
    expect(res.statusCode, res.body).toBe(204);
    expect(await janeCount()).toBe(0);
    expect(await janeItem(id)).toBeUndefined();
    // Again: still 204, the first time stays.
    const [first] = await db.select().from(treatmentSummaryItems).where(eq(treatmentSummaryItems.id, id));
    expect(first?.withdrawnAt).toBeInstanceOf(Date);
    expect((await withdraw(externalId)).statusCode).toBe(204);
    const [again] = await db.select().from(treatmentSummaryItems).where(eq(treatmentSummaryItems.id, id));
    expect(again?.withdrawnAt).toEqual(first?.withdrawnAt);

    const calls = await db
      .select({ route: auditEvents.route, detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, INTEGRATION_CALL_AUDIT_EVENT), eq(auditEvents.patientId, fx.patientA)))
      .orderBy(desc(auditEvents.id))
      .limit(3);
    expect(calls.map((c) => c.route)).toEqual(
      expect.arrayContaining(['DELETE /integration/v1/patients/:mrn/treatment-summary/:externalId']),
    );

    // Put again: back, and new.
    const back = await put(externalId, allergy());
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<IntegrationRecordPut>()).toEqual({ id, externalId, created: false, changed: true });
    expect(await janeCount()).toBe(1);
  });

  it('answers 404 for an identifier the patient has not, and for another facility’s patient', async () => {
    expectError(await withdraw(newId()), 404, 'not_found');
    expectError(await withdraw(newId(), riverside, 'LCC-2001'), 404, 'not_found');
  });
});
