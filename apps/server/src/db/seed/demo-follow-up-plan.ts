import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  followUpItemTasks,
  followUpPlans,
  followUpPlanTaskNames,
  followUpPlanTemplates,
} from '../schema/follow-up-plan';
import { followUpItems } from '../schema/index';
import type { DemoContext } from './demo-context';

const NEW_YORK = 'America/New_York';

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** `date` plus `days` calendar days. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Task categories (propertyCategoryId): the columns of the page. */
const CATEGORY = {
  physicalExam: 101,
  mammogram: 102,
  bloodWork: 103,
  boneDensity: 104,
  geneticCounseling: 105,
  psaTest: 201,
  prostateExam: 202,
} as const;

type Task = { category: number; isAddressed?: boolean; note?: string };
type Item = typeof followUpItems.$inferInsert;

/**
 * The follow-up plans of the demo. Jane's plan takes the follow-up items the home seed gave her (the
 * dashboard lists the pending ones), adds an overdue 9-month visit and a completed item whose only task
 * is of a category the plan does not name (the page leaves it out), plus an archived earlier plan.
 * John has a smaller plan: completed, overdue and not-applicable items, nothing upcoming. Dates are
 * relative to today in New York; nothing here adds to the dashboard's upcoming list.
 */
export async function seedDemoFollowUpPlan(tx: Tx, context: DemoContext, now = new Date()): Promise<void> {
  const { janeId, johnId } = context;
  const today = localDate(now, NEW_YORK);
  const day = (offset: number) => addDays(today, offset);
  // A booked visit at 10:00 in New York (14:00 UTC is 9:00 or 10:00 there, by the season).
  const booked = (offset: number) => new Date(`${day(offset)}T14:00:00Z`);

  const [janePlan, janeOld, johnPlan] = await tx
    .insert(followUpPlans)
    .values([
      {
        patientId: janeId,
        startDate: day(-100),
        memoToPatient:
          'Your treatment is complete, and these visits help us keep you well. Please book each visit at ' +
          'least two weeks ahead, bring a list of your current medications, and call the clinic at ' +
          '(518) 555-0300 if you notice a new lump, pain that does not go away, or any other change ' +
          'between visits.',
      },
      {
        patientId: janeId,
        startDate: day(-240),
        memoToPatient: 'Visits during active treatment.',
        isArchived: true,
      },
      {
        patientId: johnId,
        startDate: day(-60),
        memoToPatient: 'Have your PSA blood test drawn about a week before each visit.',
      },
    ])
    .returning({ id: followUpPlans.id });
  if (!janePlan || !janeOld || !johnPlan) throw new Error('Seeding the demo follow-up plans failed');

  await tx.insert(followUpPlanTaskNames).values([
    { planId: janePlan.id, propertyCategoryId: CATEGORY.physicalExam, name: 'Physical Exam', sortOrder: 1 },
    { planId: janePlan.id, propertyCategoryId: CATEGORY.mammogram, name: 'Mammogram', sortOrder: 2 },
    { planId: janePlan.id, propertyCategoryId: CATEGORY.bloodWork, name: 'Blood Work', sortOrder: 3 },
    { planId: janePlan.id, propertyCategoryId: CATEGORY.boneDensity, name: 'Bone Density Scan', sortOrder: 4 },
    { planId: janeOld.id, propertyCategoryId: CATEGORY.bloodWork, name: 'Blood Work', sortOrder: 1 },
    { planId: johnPlan.id, propertyCategoryId: CATEGORY.psaTest, name: 'PSA Test', sortOrder: 1 },
    { planId: johnPlan.id, propertyCategoryId: CATEGORY.prostateExam, name: 'Physical Exam', sortOrder: 2 },
  ]);
  await tx.insert(followUpPlanTemplates).values([
    {
      planId: janePlan.id,
      templateDisplayName: 'Breast Cancer Survivorship Care',
      effectiveDate: day(-100),
      sortOrder: 1,
    },
    {
      planId: janePlan.id,
      templateDisplayName: 'Bone Health on Hormone Therapy',
      effectiveDate: day(-30),
      sortOrder: 2,
    },
    { planId: janeOld.id, templateDisplayName: 'Active Treatment Monitoring', effectiveDate: day(-240), sortOrder: 1 },
    { planId: johnPlan.id, templateDisplayName: 'Prostate Cancer Surveillance', effectiveDate: day(-60), sortOrder: 1 },
  ]);

  // Jane's items from the home seed join her plan; two more that the dashboard does not list.
  await tx
    .update(followUpItems)
    .set({ planId: janePlan.id })
    .where(and(eq(followUpItems.patientId, janeId), isNull(followUpItems.planId)));
  const janeProvider = { providerFirstName: 'Priya', providerLastName: 'Raman' };
  const added: Item[] = [
    { patientId: janeId, planId: janePlan.id, labelMonths: 9, recommendedDate: day(-12), ...janeProvider },
    {
      patientId: janeId,
      planId: janePlan.id,
      recommendedDate: day(-80),
      actualDate: booked(-78),
      statusDesc: 'Completed',
      providerFirstName: 'Megan',
      providerLastName: 'Li',
    },
    {
      patientId: johnId,
      planId: johnPlan.id,
      labelMonths: 3,
      recommendedDate: day(-45),
      statusDesc: 'N/A',
      providerFirstName: 'Helen',
      providerLastName: 'Marsh',
    },
    {
      patientId: johnId,
      planId: johnPlan.id,
      labelMonths: 6,
      recommendedDate: day(-30),
      actualDate: booked(-28),
      statusDesc: 'Completed',
      providerFirstName: 'Helen',
      providerLastName: 'Marsh',
    },
    // Pending and past its date: overdue, so neither upcoming nor on the dashboard.
    {
      patientId: johnId,
      planId: johnPlan.id,
      labelYears: 1,
      recommendedDate: day(-5),
      providerFirstName: 'Helen',
      providerLastName: 'Marsh',
    },
  ];
  await tx.insert(followUpItems).values(added);

  const items = await tx
    .select({
      id: followUpItems.id,
      patientId: followUpItems.patientId,
      y: followUpItems.labelYears,
      m: followUpItems.labelMonths,
    })
    .from(followUpItems)
    .where(and(eq(followUpItems.planId, janePlan.id), eq(followUpItems.patientId, janeId)));
  const johnItems = await tx
    .select({ id: followUpItems.id, y: followUpItems.labelYears, m: followUpItems.labelMonths })
    .from(followUpItems)
    .where(and(eq(followUpItems.planId, johnPlan.id), eq(followUpItems.patientId, johnId)));
  const idOf = (list: { id: number; y: number; m: number }[], y: number, m: number) => {
    const found = list.find((i) => i.y === y && i.m === m);
    if (!found) throw new Error(`Demo follow-up item ${y}y${m}m missing`);
    return found.id;
  };

  const tasks: [number, Task[]][] = [
    [
      idOf(items, 0, 3),
      [
        { category: CATEGORY.physicalExam, note: 'Missed: please call the clinic to book a new date.' },
        { category: CATEGORY.bloodWork },
      ],
    ],
    [
      idOf(items, 0, 6),
      [
        { category: CATEGORY.physicalExam, isAddressed: true, note: 'No sign of the cancer returning.' },
        { category: CATEGORY.mammogram, isAddressed: true, note: 'Both breasts: normal.' },
        { category: CATEGORY.bloodWork, isAddressed: true },
      ],
    ],
    [
      idOf(items, 0, 9),
      [
        { category: CATEGORY.physicalExam },
        { category: CATEGORY.bloodWork, note: 'Complete blood count and liver tests. No need to fast.' },
      ],
    ],
    [
      idOf(items, 1, 0),
      [
        { category: CATEGORY.physicalExam },
        { category: CATEGORY.mammogram, note: 'Diagnostic mammogram of the treated breast.' },
        { category: CATEGORY.bloodWork },
        { category: CATEGORY.boneDensity, note: 'A first scan while you take hormone therapy.' },
      ],
    ],
    [idOf(items, 1, 6), [{ category: CATEGORY.physicalExam }, { category: CATEGORY.bloodWork }]],
    // Only a category the plan does not name: the page leaves this item out.
    [
      idOf(items, 0, 0),
      [{ category: CATEGORY.geneticCounseling, isAddressed: true, note: 'Counselling visit completed.' }],
    ],
    [
      idOf(johnItems, 0, 3),
      [{ category: CATEGORY.psaTest, note: 'Not needed: your PSA was checked during your hospital stay.' }],
    ],
    [
      idOf(johnItems, 0, 6),
      [
        { category: CATEGORY.psaTest, isAddressed: true, note: 'PSA 0.2 ng/mL, stable.' },
        { category: CATEGORY.prostateExam, isAddressed: true },
      ],
    ],
    [idOf(johnItems, 1, 0), [{ category: CATEGORY.psaTest }, { category: CATEGORY.prostateExam }]],
  ];
  await tx.insert(followUpItemTasks).values(
    tasks.flatMap(([itemId, list]) =>
      list.map((task) => ({
        itemId,
        propertyCategoryId: task.category,
        isAddressed: task.isAddressed ?? false,
        taskNote: task.note ?? null,
      })),
    ),
  );
}
