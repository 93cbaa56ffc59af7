import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowUpAppointment, FollowUpPlan } from '@portal/contracts';
import type { AccessFixture } from '../../../test/access-fixture';
import { openApiApp, expectError, expectOk, type ApiCaller, type TestApp, type Who } from '../../../test/api';
import { followUpItemTasks, followUpPlans, followUpPlanTaskNames } from '../../db/schema/follow-up-plan';
import { followUpItems } from '../../db/schema/index';
import { followUpLabel, providerText } from './follow-up-plan.service';

const NEW_YORK = 'America/New_York';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
/** Alex Rivera: a demo patient with no plan; the rule tests give him rows of their own. */
let alex: { userId: number; patientId: number };
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, db, api, alex } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const localDate = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const today = () => localDate(new Date(), NEW_YORK);
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const plansOf = (patientId: number, who: Who = 'patientA', query = '') =>
  api.get(`/api/patients/${patientId}/followUpPlan${query}`, who);

/* ------------------------------------------------------------------- jane */

describe('GET /api/patients/:patientId/followUpPlan', () => {
  it('answers jane’s current plan with its task names, templates and items, earliest first', async () => {
    const plans = expectOk<FollowUpPlan[]>(await plansOf(fx.patientA));
    expect(plans).toHaveLength(1);
    const plan = plans[0]!;
    expect(plan.startDate).toBe(addDays(today(), -100));
    expect(plan.memoToPatient).toMatch(/^Your treatment is complete/);
    expect(plan.isArchived).toBe(false);
    expect(plan.taskNames).toEqual([
      { key: 101, value: 'Physical Exam' },
      { key: 102, value: 'Mammogram' },
      { key: 103, value: 'Blood Work' },
      { key: 104, value: 'Bone Density Scan' },
    ]);
    expect(plan.templates).toEqual([
      { templateDisplayName: 'Breast Cancer Survivorship Care', effectiveDate: addDays(today(), -100) },
      { templateDisplayName: 'Bone Health on Hormone Therapy', effectiveDate: addDays(today(), -30) },
    ]);
    expect(plan.appointments.map((a) => [a.label, a.targetDate, a.statusDesc, a.provider])).toEqual([
      ['3 Month Follow-up', addDays(today(), -150), 'Missed', 'Raman,Priya'],
      ['6 Month Follow-up', addDays(today(), -95), 'Completed', 'Okafor,Samuel'],
      ['Follow-up', addDays(today(), -80), 'Completed', 'Li,Megan'],
      ['9 Month Follow-up', addDays(today(), -12), 'Pending', 'Raman,Priya'],
      ['1 Year Follow-up', addDays(today(), 21), 'Pending', 'Raman,Priya'],
      ['1 Year 6 Month Follow-up', addDays(today(), 212), 'Pending', 'Raman,Priya'],
    ]);
  });

  it('writes out each item: ids, label parts, booked instant, tasks with their notes', async () => {
    const [plan] = expectOk<FollowUpPlan[]>(await plansOf(fx.patientA));
    const byLabel = (label: string) => plan!.appointments.find((a) => a.label === label)!;
    const sixMonths = byLabel('6 Month Follow-up');
    expect(sixMonths).toEqual<FollowUpAppointment>({
      ptFollowUpAppointmentId: expect.any(Number),
      label: '6 Month Follow-up',
      labelParts: { y: 0, m: 6 },
      targetDate: addDays(today(), -95),
      actualDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      statusDesc: 'Completed',
      provider: 'Okafor,Samuel',
      tasks: [
        { propertyCategoryId: 101, isAddressed: true, taskNote: 'No sign of the cancer returning.' },
        { propertyCategoryId: 102, isAddressed: true, taskNote: 'Both breasts: normal.' },
        { propertyCategoryId: 103, isAddressed: true, taskNote: null },
      ],
    });
    expect(localDate(new Date(sixMonths.actualDate!), NEW_YORK)).toBe(addDays(today(), -92));
    expect(byLabel('1 Year 6 Month Follow-up')).toMatchObject({ labelParts: { y: 1, m: 6 }, actualDate: null });
    expect(byLabel('1 Year Follow-up').tasks.map((task) => task.propertyCategoryId)).toEqual([101, 102, 103, 104]);
    // The item whose only task is of a category the plan does not name is sent: the browser drops it.
    expect(byLabel('Follow-up').tasks).toEqual([
      { propertyCategoryId: 105, isAddressed: true, taskNote: 'Counselling visit completed.' },
    ]);
    // The ids are the database's, all jane's.
    const rows = await db
      .select({ id: followUpItems.id })
      .from(followUpItems)
      .where(eq(followUpItems.patientId, fx.patientA));
    expect(new Set(plan!.appointments.map((a) => a.ptFollowUpAppointmentId))).toEqual(new Set(rows.map((r) => r.id)));
  });

  it('lists archived plans too with includeArchived=true, newest first', async () => {
    const all = expectOk<FollowUpPlan[]>(await plansOf(fx.patientA, 'patientA', '?includeArchived=true'));
    expect(all.map((p) => [p.startDate, p.isArchived])).toEqual([
      [addDays(today(), -100), false],
      [addDays(today(), -240), true],
    ]);
    expect(all[1]).toMatchObject({
      memoToPatient: 'Visits during active treatment.',
      taskNames: [{ key: 103, value: 'Blood Work' }],
      templates: [{ templateDisplayName: 'Active Treatment Monitoring', effectiveDate: addDays(today(), -240) }],
      appointments: [],
    });
    expect(expectOk(await plansOf(fx.patientA, 'patientA', '?includeArchived=false'))).toEqual(
      expectOk(await plansOf(fx.patientA)),
    );
  });

  it.each(['yes', '1', 'TRUE', ''])('answers 400 naming includeArchived for "%s"', async (value) => {
    expectError(
      await plansOf(fx.patientA, 'patientA', `?includeArchived=${value}`),
      400,
      'validation_failed',
      'includeArchived',
    );
  });

  it('answers 404 for a patient id that is no id (the access check runs first), never a 500', async () => {
    expectError(await api.get('/api/patients/abc/followUpPlan', 'patientA'), 404, 'not_found');
    expectError(await api.get('/api/patients/99999999999/followUpPlan', 'patientA'), 404, 'not_found');
  });

  it('answers the representative exactly what jane sees', async () => {
    expect(expectOk(await plansOf(fx.patientA, 'representativeOfA'))).toEqual(expectOk(await plansOf(fx.patientA)));
  });

  it('gives john his own smaller plan and nothing of jane’s', async () => {
    const [plan, ...more] = expectOk<FollowUpPlan[]>(await plansOf(fx.patientB, 'patientB', '?includeArchived=true'));
    expect(more).toEqual([]);
    expect(plan!.taskNames).toEqual([
      { key: 201, value: 'PSA Test' },
      { key: 202, value: 'Physical Exam' },
    ]);
    expect(plan!.templates).toEqual([
      { templateDisplayName: 'Prostate Cancer Surveillance', effectiveDate: addDays(today(), -60) },
    ]);
    expect(plan!.appointments.map((a) => [a.label, a.statusDesc, a.provider, a.tasks.length])).toEqual([
      ['3 Month Follow-up', 'N/A', 'Marsh,Helen', 1],
      ['6 Month Follow-up', 'Completed', 'Marsh,Helen', 2],
      ['1 Year Follow-up', 'Pending', 'Marsh,Helen', 2],
    ]);
    const jane = expectOk<FollowUpPlan[]>(await plansOf(fx.patientA));
    const janeIds = new Set(jane[0]!.appointments.map((a) => a.ptFollowUpAppointmentId));
    for (const a of plan!.appointments) expect(janeIds.has(a.ptFollowUpAppointmentId)).toBe(false);
  });

  it('answers an empty list to a patient without a plan', async () => {
    expect(expectOk(await plansOf(alex.patientId, 'alex'))).toEqual([]);
    expect(expectOk(await plansOf(alex.patientId, 'alex', '?includeArchived=true'))).toEqual([]);
  });

  it('answers 404 to a stranger and to a disabled representative, 403 to a kiosk user, 401 without a token', async () => {
    expectError(await plansOf(fx.patientA, 'patientB'), 404, 'not_found');
    expectError(await plansOf(fx.patientA, 'disabledRepresentative'), 404, 'not_found');
    expectError(await plansOf(fx.patientA, 'kioskUserOfA'), 403, 'forbidden');
    expectError(await plansOf(fx.patientA, 'linkUserOfA'), 403, 'forbidden');
    expectError(await plansOf(fx.patientA, 'anonymous'), 401, 'unauthorized');
  });
});

/* ------------------------------------------------------- rules on own rows */

describe('follow-up plan rows', () => {
  it('lists only a plan’s items, names providers as last,first, and keeps empty plans whole', async () => {
    const p = alex.patientId;
    const [plan] = await db
      .insert(followUpPlans)
      .values([
        { patientId: p, startDate: '2025-01-15', memoToPatient: null },
        { patientId: p, startDate: '2024-06-01', memoToPatient: 'Older' },
      ])
      .returning({ id: followUpPlans.id });
    await db.insert(followUpPlanTaskNames).values([
      { planId: plan!.id, propertyCategoryId: 7, name: 'Second', sortOrder: 2 },
      { planId: plan!.id, propertyCategoryId: 9, name: 'First', sortOrder: 1 },
    ]);
    const item = { patientId: p, recommendedDate: '2025-07-15' };
    const inserted = await db
      .insert(followUpItems)
      .values([
        { ...item, planId: plan!.id, providerLastName: 'Only', labelYears: 2 },
        { ...item, planId: plan!.id, providerFirstName: ' Given ', recommendedDate: '2025-04-15' },
        { ...item, planId: plan!.id, actualDate: new Date('2025-08-01T13:30:00Z'), statusDesc: 'Completed' },
        // Not in a plan: only the dashboard reads it.
        { ...item, providerLastName: 'Loose', providerFirstName: 'Item' },
      ])
      .returning({ id: followUpItems.id });
    await db.insert(followUpItemTasks).values([
      { itemId: inserted[0]!.id, propertyCategoryId: 9, isAddressed: false, taskNote: 'Note' },
      { itemId: inserted[0]!.id, propertyCategoryId: 7, isAddressed: true },
    ]);
    try {
      const plans = expectOk<FollowUpPlan[]>(await plansOf(p, 'alex'));
      expect(plans.map((x) => x.startDate)).toEqual(['2025-01-15', '2024-06-01']);
      const [first, second] = plans;
      expect(first!.taskNames).toEqual([
        { key: 9, value: 'First' },
        { key: 7, value: 'Second' },
      ]);
      expect(first!.templates).toEqual([]);
      expect(first!.memoToPatient).toBeNull();
      expect(first!.appointments).toEqual([
        {
          ptFollowUpAppointmentId: inserted[1]!.id,
          label: 'Follow-up',
          labelParts: { y: 0, m: 0 },
          targetDate: '2025-04-15',
          actualDate: null,
          statusDesc: 'Pending',
          provider: 'Given',
          tasks: [],
        },
        {
          ptFollowUpAppointmentId: inserted[0]!.id,
          label: '2 Year Follow-up',
          labelParts: { y: 2, m: 0 },
          targetDate: '2025-07-15',
          actualDate: null,
          statusDesc: 'Pending',
          provider: 'Only',
          tasks: [
            { propertyCategoryId: 7, isAddressed: true, taskNote: null },
            { propertyCategoryId: 9, isAddressed: false, taskNote: 'Note' },
          ],
        },
        {
          ptFollowUpAppointmentId: inserted[2]!.id,
          label: 'Follow-up',
          labelParts: { y: 0, m: 0 },
          targetDate: '2025-07-15',
          actualDate: '2025-08-01T13:30:00.000Z',
          statusDesc: 'Completed',
          provider: null,
          tasks: [],
        },
      ]);
      expect(second).toEqual({
        startDate: '2024-06-01',
        memoToPatient: 'Older',
        isArchived: false,
        taskNames: [],
        templates: [],
        appointments: [],
      });
    } finally {
      await db.delete(followUpItems).where(eq(followUpItems.patientId, p));
      await db.delete(followUpPlans).where(eq(followUpPlans.patientId, p));
    }
  });

  it('refuses an item that names another patient’s plan', async () => {
    const [janePlan] = await db
      .select({ id: followUpPlans.id })
      .from(followUpPlans)
      .where(and(eq(followUpPlans.patientId, fx.patientA), eq(followUpPlans.isArchived, false)));
    await expect(
      db
        .insert(followUpItems)
        .values({ patientId: alex.patientId, planId: janePlan!.id, recommendedDate: '2025-01-01' }),
    ).rejects.toThrow();
    const rows = await db.select().from(followUpItems).where(eq(followUpItems.patientId, alex.patientId));
    expect(rows).toEqual([]);
  });
});

describe('followUpLabel', () => {
  it.each([
    [1, 6, '1 Year 6 Month Follow-up'],
    [1, 0, '1 Year Follow-up'],
    [0, 6, '6 Month Follow-up'],
    [2, 0, '2 Year Follow-up'],
    [0, 0, 'Follow-up'],
  ])('%i years and %i months read %s', (y, m, label) => {
    expect(followUpLabel(y, m)).toBe(label);
  });
});

describe('providerText', () => {
  it('writes last,first, one name alone, or null', () => {
    expect(providerText('Raman', 'Priya')).toBe('Raman,Priya');
    expect(providerText('Raman', null)).toBe('Raman');
    expect(providerText(null, 'Priya')).toBe('Priya');
    expect(providerText(' ', '')).toBeNull();
    expect(providerText(null, null)).toBeNull();
  });
});

/* --------------------------------------------------------------- OpenAPI */

describe('the OpenAPI document', () => {
  it('describes the follow-up plan route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{
      paths: Record<string, Record<string, { summary?: string; description?: string; parameters?: unknown[] }>>;
    }>();
    const op = doc.paths['/api/patients/{patientId}/followUpPlan']?.get;
    expect(op?.summary).toEqual(expect.any(String));
    expect(op?.description?.length).toBeGreaterThan(100);
    expect(JSON.stringify(op?.parameters)).toContain('includeArchived');
  });
});
