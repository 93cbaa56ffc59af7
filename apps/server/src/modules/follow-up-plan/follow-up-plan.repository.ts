import { and, asc, desc, eq, inArray, isNull, not } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  followUpItems,
  followUpItemTasks,
  followUpPlans,
  followUpPlanTaskNames,
  followUpPlanTemplates,
} from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

/**
 * A patient's follow-up plans, newest start date first (then newest id); archived ones only when asked, withdrawn
 * ones never.
 */
export function listPlans(db: DbOrTx, scope: PatientScope, includeArchived: boolean) {
  return db
    .select({
      id: followUpPlans.id,
      startDate: followUpPlans.startDate,
      memoToPatient: followUpPlans.memoToPatient,
      isArchived: followUpPlans.isArchived,
    })
    .from(followUpPlans)
    .where(
      and(
        eq(followUpPlans.patientId, scope.patientId),
        isNull(followUpPlans.withdrawnAt),
        includeArchived ? undefined : not(followUpPlans.isArchived),
      ),
    )
    .orderBy(desc(followUpPlans.startDate), desc(followUpPlans.id));
}

/** The task categories of the patient's plans, in display order. */
export function listTaskNames(db: DbOrTx, scope: PatientScope, planIds: number[]) {
  return db
    .select({
      planId: followUpPlanTaskNames.planId,
      propertyCategoryId: followUpPlanTaskNames.propertyCategoryId,
      name: followUpPlanTaskNames.name,
    })
    .from(followUpPlanTaskNames)
    .innerJoin(followUpPlans, eq(followUpPlans.id, followUpPlanTaskNames.planId))
    .where(and(eq(followUpPlans.patientId, scope.patientId), inArray(followUpPlanTaskNames.planId, planIds)))
    .orderBy(asc(followUpPlanTaskNames.sortOrder), asc(followUpPlanTaskNames.propertyCategoryId));
}

/** The guideline templates of the patient's plans, in display order. */
export function listTemplates(db: DbOrTx, scope: PatientScope, planIds: number[]) {
  return db
    .select({
      planId: followUpPlanTemplates.planId,
      templateDisplayName: followUpPlanTemplates.templateDisplayName,
      effectiveDate: followUpPlanTemplates.effectiveDate,
    })
    .from(followUpPlanTemplates)
    .innerJoin(followUpPlans, eq(followUpPlans.id, followUpPlanTemplates.planId))
    .where(and(eq(followUpPlans.patientId, scope.patientId), inArray(followUpPlanTemplates.planId, planIds)))
    .orderBy(asc(followUpPlanTemplates.sortOrder), asc(followUpPlanTemplates.id));
}

/** The follow-up items of the patient's plans (withdrawn ones left out), earliest recommended date first (then id). */
export function listItems(db: DbOrTx, scope: PatientScope, planIds: number[]) {
  return db
    .select({
      id: followUpItems.id,
      planId: followUpItems.planId,
      labelYears: followUpItems.labelYears,
      labelMonths: followUpItems.labelMonths,
      recommendedDate: followUpItems.recommendedDate,
      actualDate: followUpItems.actualDate,
      statusDesc: followUpItems.statusDesc,
      providerFirstName: followUpItems.providerFirstName,
      providerLastName: followUpItems.providerLastName,
    })
    .from(followUpItems)
    .where(
      and(
        eq(followUpItems.patientId, scope.patientId),
        isNull(followUpItems.withdrawnAt),
        inArray(followUpItems.planId, planIds),
      ),
    )
    .orderBy(asc(followUpItems.recommendedDate), asc(followUpItems.id));
}

export type FollowUpItemRow = Awaited<ReturnType<typeof listItems>>[number];

/** The tasks of the patient's follow-up items, by task category. */
export function listItemTasks(db: DbOrTx, scope: PatientScope, itemIds: number[]) {
  return db
    .select({
      itemId: followUpItemTasks.itemId,
      propertyCategoryId: followUpItemTasks.propertyCategoryId,
      isAddressed: followUpItemTasks.isAddressed,
      taskNote: followUpItemTasks.taskNote,
    })
    .from(followUpItemTasks)
    .innerJoin(followUpItems, eq(followUpItems.id, followUpItemTasks.itemId))
    .where(
      and(
        eq(followUpItems.patientId, scope.patientId),
        isNull(followUpItems.withdrawnAt),
        inArray(followUpItemTasks.itemId, itemIds),
      ),
    )
    .orderBy(asc(followUpItemTasks.itemId), asc(followUpItemTasks.propertyCategoryId));
}
