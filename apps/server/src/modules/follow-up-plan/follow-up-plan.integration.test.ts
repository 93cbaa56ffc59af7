import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FollowUpPlanList,
  IntegrationFollowUpPlan,
  IntegrationRecordPut,
  UpcomingAppointment,
} from '@portal/contracts';
import { followUpItems, followUpPlans } from '../../db/schema/index';
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

/** An access token of a new client of a facility, with the given scopes. */
const tokenOf = (scopes = 'clinical', facility = 'riverside') => integrationToken(t, scopes, facility);

const url = (externalId: string, mrn = JANE_MRN) =>
  `/integration/v1/patients/${mrn}/follow-up-plans/${encodeURIComponent(externalId)}`;
const put = (externalId: string, body: unknown, token = riverside, mrn = JANE_MRN) =>
  request(t, 'PUT', url(externalId, mrn), { token, body });
const withdraw = (externalId: string, token = riverside, mrn = JANE_MRN) =>
  request(t, 'DELETE', url(externalId, mrn), { token });
const newId = () => `PLAN-${randomUUID()}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A plan starting today (so it is jane's newest) with two pending visits, the first in ten days. */
function plan(memo: string, overrides: Partial<IntegrationFollowUpPlan> = {}): IntegrationFollowUpPlan {
  return {
    startDate: inDays(0),
    memoToPatient: memo,
    taskNames: [
      { propertyCategoryId: 301, name: 'Physical Exam' },
      { propertyCategoryId: 302, name: 'Blood Work' },
    ],
    templates: [{ templateDisplayName: 'Colorectal Survivorship', effectiveDate: inDays(0) }],
    items: [
      {
        externalId: 'v1',
        labelMonths: 3,
        recommendedDate: inDays(10),
        providerFirstName: 'Priya',
        providerLastName: 'Raman',
        tasks: [{ propertyCategoryId: 301 }, { propertyCategoryId: 302, taskNote: 'CEA level' }],
      },
      { externalId: 'v2', labelMonths: 6, recommendedDate: inDays(100), tasks: [{ propertyCategoryId: 301 }] },
    ],
    ...overrides,
  };
}

async function janePlans() {
  return expectOk<FollowUpPlanList>(
    await api.get(`/api/patients/${fx.patientA}/followUpPlan?includeArchived=true`, 'patientA'),
  );
}
async function janeUpcomingFollowUps() {
  return expectOk<UpcomingAppointment[]>(
    await api.get(`/api/patients/${fx.patientA}/upcomingAppointments/count/20`, 'patientA'),
  ).filter((u) => u.upcomingAppointmentType === 'FollowUpAppointment');
}
const planOf = async (memo: string) => (await janePlans()).find((p) => p.memoToPatient === memo);

describe('PUT /integration/v1/patients/:mrn/follow-up-plans/:externalId', () => {
  it('creates the plan with its visits and tasks; jane sees it at once, its next visit on her dashboard', async () => {
    const memo = `Plan ${randomUUID()}`;
    const externalId = newId();
    const res = await put(externalId, plan(memo));
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json<IntegrationRecordPut>();
    expect(out).toEqual({ id: expect.any(Number), externalId, created: true, changed: true });

    const mine = await planOf(memo);
    expect(mine).toMatchObject({
      isArchived: false,
      taskNames: [
        { key: 301, value: 'Physical Exam' },
        { key: 302, value: 'Blood Work' },
      ],
      templates: [{ templateDisplayName: 'Colorectal Survivorship' }],
    });
    expect(mine?.appointments).toHaveLength(2);
    expect(mine?.appointments[0]).toMatchObject({
      targetDate: inDays(10),
      statusDesc: 'Pending',
      provider: 'Raman,Priya',
      tasks: [
        { propertyCategoryId: 301, isAddressed: false, taskNote: null },
        { propertyCategoryId: 302, isAddressed: false, taskNote: 'CEA level' },
      ],
    });
    const itemId = mine?.appointments[0]?.ptFollowUpAppointmentId;
    expect((await janeUpcomingFollowUps()).some((u) => u.id === itemId)).toBe(true);
  });

  it('replaces the plan as a whole: kept visits keep their ids, a dropped one is withdrawn; a resend changes nothing', async () => {
    const memo = `Plan ${randomUUID()}`;
    const externalId = newId();
    const first = (await put(externalId, plan(memo))).json<IntegrationRecordPut>();
    const before = await planOf(memo);
    const v1 = before?.appointments[0]?.ptFollowUpAppointmentId;
    const v2 = before?.appointments[1]?.ptFollowUpAppointmentId;

    const next = plan(memo, {
      taskNames: [{ propertyCategoryId: 301, name: 'Physical Exam' }],
      items: [
        { externalId: 'v1', labelMonths: 3, recommendedDate: inDays(12), statusDesc: 'Pending', tasks: [] },
        { externalId: 'v3', labelYears: 1, recommendedDate: inDays(365), tasks: [{ propertyCategoryId: 301 }] },
      ],
    });
    const replaced = await put(externalId, next);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toEqual({ id: first.id, externalId, created: false, changed: true });
    const after = await planOf(memo);
    expect(after?.taskNames).toEqual([{ key: 301, value: 'Physical Exam' }]);
    expect(after?.appointments.map((a) => a.ptFollowUpAppointmentId)).toEqual([v1, expect.any(Number)]);
    expect(after?.appointments[0]).toMatchObject({ targetDate: inDays(12), tasks: [] });
    const [dropped] = await db
      .select()
      .from(followUpItems)
      .where(eq(followUpItems.id, v2 ?? 0));
    expect(dropped?.withdrawnAt).toBeInstanceOf(Date);
    expect((await janeUpcomingFollowUps()).some((u) => u.id === v2)).toBe(false);

    const [row] = await db.select().from(followUpPlans).where(eq(followUpPlans.id, first.id));
    const again = await put(externalId, next);
    expect(again.json()).toMatchObject({ id: first.id, created: false, changed: false });
    const [rowAfter] = await db.select().from(followUpPlans).where(eq(followUpPlans.id, first.id));
    expect(rowAfter).toEqual(row);
    expect(await planOf(memo)).toEqual(after);
  });

  it('answers 400 naming the field', async () => {
    const base = plan('x');
    const cases: [unknown, string][] = [
      [{ ...base, startDate: '2024-13-01' }, 'startDate'],
      [{ ...base, memoToPatient: 'm'.repeat(4001) }, 'memoToPatient'],
      [{ ...base, items: [{ ...base.items[0], recommendedDate: 'soon' }] }, 'items.0.recommendedDate'],
      [{ ...base, items: [base.items[0], base.items[0]] }, 'items.1.externalId'],
      [
        { ...base, items: [{ ...base.items[0], tasks: [{ propertyCategoryId: 301 }, { propertyCategoryId: 301 }] }] },
        'items.0.tasks.1.propertyCategoryId',
      ],
      [{ ...base, items: [{ ...base.items[0], statusDesc: 'Done' }] }, 'items.0.statusDesc'],
      [
        { ...base, taskNames: Array.from({ length: 51 }, (_, i) => ({ propertyCategoryId: i + 1, name: 'n' })) },
        'taskNames',
      ],
    ];
    for (const [payload, field] of cases) {
      const error = expectError(await put(newId(), payload), 400, 'validation_failed');
      expect(error.field, field).toBe(field);
    }
  });

  it('answers 404 for another facility’s patient and 403 without the clinical scope', async () => {
    expectError(await put(newId(), plan('x'), riverside, 'LCC-2001'), 404, 'not_found');
    expectError(await put(newId(), plan('x'), await tokenOf('clinical', 'lakeside')), 404, 'not_found');
    expect((await put(newId(), plan('x'), await tokenOf('patients'))).statusCode).toBe(403);
  });
});

describe('DELETE /integration/v1/patients/:mrn/follow-up-plans/:externalId', () => {
  it('withdraws the plan and its visits: gone from jane’s plan page and dashboard, kept in the database', async () => {
    const memo = `Plan ${randomUUID()}`;
    const externalId = newId();
    const { id } = (await put(externalId, plan(memo))).json<IntegrationRecordPut>();
    const itemId = (await planOf(memo))?.appointments[0]?.ptFollowUpAppointmentId;
    expect((await withdraw(externalId)).statusCode).toBe(204);
    expect((await withdraw(externalId)).statusCode).toBe(204);
    expect(await planOf(memo)).toBeUndefined();
    expect((await janeUpcomingFollowUps()).some((u) => u.id === itemId)).toBe(false);
    const [row] = await db.select().from(followUpPlans).where(eq(followUpPlans.id, id));
    expect(row?.withdrawnAt).toBeInstanceOf(Date);

    expect((await put(externalId, plan(memo))).json()).toMatchObject({ id, changed: true });
    expect((await planOf(memo))?.appointments[0]?.ptFollowUpAppointmentId).toBe(itemId);
  });

  it('answers 404 for an unknown identifier or another facility’s patient', async () => {
    expectError(await withdraw(newId()), 404, 'not_found');
    expectError(await withdraw(newId(), riverside, 'LCC-2001'), 404, 'not_found');
  });
});
