import {
  followUpPlanRecords,
  type FollowUpItemRecord,
  type FollowUpPlanRecord,
  type FollowUpTaskRecord,
} from '../modules/follow-up-plan/follow-up-plan.intake';
import type { Tx } from '../db/client';
import { addDays, localDate, zonedInstant } from '../platform/time/time';
import type { DemoContext } from './demo-context';
import { phoneText, RIVERSIDE_PHONES } from './demo-phones';
import { seededPatientId } from '../platform/integration/integration-patients';

const NEW_YORK = 'America/New_York';

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

/** A demo plan: its items take stable identifiers (`<plan>-item-<n>`) from their place in it. */
type DemoPlan = Omit<FollowUpPlanRecord, 'items'> & { items: Omit<FollowUpItemRecord, 'externalId'>[] };
const keyed = (planId: string, plan: DemoPlan): FollowUpPlanRecord => ({
  ...plan,
  items: plan.items.map((item, i) => ({ ...item, externalId: `${planId}-item-${i + 1}` })),
});

const task = (category: number, state: { isAddressed?: boolean; note?: string } = {}): FollowUpTaskRecord => ({
  propertyCategoryId: category,
  isAddressed: state.isAddressed ?? false,
  taskNote: state.note ?? null,
});

/**
 * The follow-up plans of the demo. Jane's plan: two pending visits the dashboard lists (a year, and
 * eighteen months), a completed and a missed one, an overdue 9-month visit and a completed item whose only
 * task is of a category the plan does not name (the page leaves it out); plus an archived earlier plan.
 * John has a smaller plan: completed, overdue and not-applicable items, nothing upcoming. Dates are
 * relative to today in New York.
 */
export async function seedDemoFollowUpPlan(tx: Tx, context: DemoContext, now = new Date()): Promise<void> {
  const { janeId, johnId } = context;
  const today = localDate(now, NEW_YORK);
  const day = (offset: number) => addDays(today, offset);
  // A booked visit at 10:00 in New York (14:00 UTC is 9:00 or 10:00 there, by the season).
  const booked = (offset: number) => new Date(`${day(offset)}T14:00:00Z`);

  const raman = { providerFirstName: 'Priya', providerLastName: 'Raman' };
  await followUpPlanRecords.put(
    tx,
    seededPatientId(janeId),
    'demo-plan-jane-1',
    keyed('demo-plan-jane-1', {
      startDate: day(-100),
      memoToPatient:
        'Your treatment is complete, and these visits help us keep you well. Please book each visit at ' +
        'least two weeks ahead, bring a list of your current medications, and call the clinic at ' +
        `${phoneText(RIVERSIDE_PHONES.oncologyClinic)} if you notice a new lump, pain that does not go away, or any ` +
        'other change ' +
        'between visits.',
      taskNames: [
        { propertyCategoryId: CATEGORY.physicalExam, name: 'Physical Exam' },
        { propertyCategoryId: CATEGORY.mammogram, name: 'Mammogram' },
        { propertyCategoryId: CATEGORY.bloodWork, name: 'Blood Work' },
        { propertyCategoryId: CATEGORY.boneDensity, name: 'Bone Density Scan' },
      ],
      templates: [
        { templateDisplayName: 'Breast Cancer Survivorship Care', effectiveDate: day(-100) },
        { templateDisplayName: 'Bone Health on Hormone Therapy', effectiveDate: day(-30) },
      ],
      items: [
        // The two pending ones are on the dashboard's upcoming list.
        {
          labelYears: 1,
          labelMonths: 0,
          recommendedDate: day(21),
          statusDesc: 'Pending',
          ...raman,
          tasks: [
            task(CATEGORY.physicalExam),
            task(CATEGORY.mammogram, { note: 'Diagnostic mammogram of the treated breast.' }),
            task(CATEGORY.bloodWork),
            task(CATEGORY.boneDensity, { note: 'A first scan while you take hormone therapy.' }),
          ],
        },
        {
          labelYears: 1,
          labelMonths: 6,
          recommendedDate: day(212),
          statusDesc: 'Pending',
          ...raman,
          linkedToOtherTypeCount: 1,
          tasks: [task(CATEGORY.physicalExam), task(CATEGORY.bloodWork)],
        },
        {
          labelYears: 0,
          labelMonths: 6,
          recommendedDate: day(-95),
          actualDate: zonedInstant(day(-92), 10, 0, NEW_YORK),
          statusDesc: 'Completed',
          providerFirstName: 'Samuel',
          providerLastName: 'Okafor',
          tasks: [
            task(CATEGORY.physicalExam, { isAddressed: true, note: 'No sign of the cancer returning.' }),
            task(CATEGORY.mammogram, { isAddressed: true, note: 'Both breasts: normal.' }),
            task(CATEGORY.bloodWork, { isAddressed: true }),
          ],
        },
        {
          labelYears: 0,
          labelMonths: 3,
          recommendedDate: day(-150),
          statusDesc: 'Missed',
          ...raman,
          tasks: [
            task(CATEGORY.physicalExam, { note: 'Missed: please call the clinic to book a new date.' }),
            task(CATEGORY.bloodWork),
          ],
        },
        // Pending and past its date: overdue, so not on the dashboard.
        {
          labelMonths: 9,
          recommendedDate: day(-12),
          ...raman,
          tasks: [
            task(CATEGORY.physicalExam),
            task(CATEGORY.bloodWork, { note: 'Complete blood count and liver tests. No need to fast.' }),
          ],
        },
        // Only a category the plan does not name: the page leaves this item out.
        {
          recommendedDate: day(-80),
          actualDate: booked(-78),
          statusDesc: 'Completed',
          providerFirstName: 'Megan',
          providerLastName: 'Li',
          tasks: [task(CATEGORY.geneticCounseling, { isAddressed: true, note: 'Counselling visit completed.' })],
        },
      ],
    }),
  );

  await followUpPlanRecords.put(
    tx,
    seededPatientId(janeId),
    'demo-plan-jane-0',
    keyed('demo-plan-jane-0', {
      startDate: day(-240),
      memoToPatient: 'Visits during active treatment.',
      isArchived: true,
      taskNames: [{ propertyCategoryId: CATEGORY.bloodWork, name: 'Blood Work' }],
      templates: [{ templateDisplayName: 'Active Treatment Monitoring', effectiveDate: day(-240) }],
      items: [],
    }),
  );

  const marsh = { providerFirstName: 'Helen', providerLastName: 'Marsh' };
  await followUpPlanRecords.put(
    tx,
    seededPatientId(johnId),
    'demo-plan-john-1',
    keyed('demo-plan-john-1', {
      startDate: day(-60),
      memoToPatient: 'Have your PSA blood test drawn about a week before each visit.',
      taskNames: [
        { propertyCategoryId: CATEGORY.psaTest, name: 'PSA Test' },
        { propertyCategoryId: CATEGORY.prostateExam, name: 'Physical Exam' },
      ],
      templates: [{ templateDisplayName: 'Prostate Cancer Surveillance', effectiveDate: day(-60) }],
      items: [
        {
          labelMonths: 3,
          recommendedDate: day(-45),
          statusDesc: 'N/A',
          ...marsh,
          tasks: [task(CATEGORY.psaTest, { note: 'Not needed: your PSA was checked during your hospital stay.' })],
        },
        {
          labelMonths: 6,
          recommendedDate: day(-30),
          actualDate: booked(-28),
          statusDesc: 'Completed',
          ...marsh,
          tasks: [
            task(CATEGORY.psaTest, { isAddressed: true, note: 'PSA 0.2 ng/mL, stable.' }),
            task(CATEGORY.prostateExam, { isAddressed: true }),
          ],
        },
        // Pending and past its date: overdue, so neither upcoming nor on the dashboard.
        {
          labelYears: 1,
          recommendedDate: day(-5),
          ...marsh,
          tasks: [task(CATEGORY.psaTest), task(CATEGORY.prostateExam)],
        },
      ],
    }),
  );
}
