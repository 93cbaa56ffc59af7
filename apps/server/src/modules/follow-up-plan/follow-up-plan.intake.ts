import type { FollowUpStatusDesc } from '@portal/contracts';
import type { Tx } from '../../db/client';
import {
  insertFollowUpItem,
  insertFollowUpItemTasks,
  insertFollowUpPlan,
  insertFollowUpPlanTaskNames,
  insertFollowUpPlanTemplates,
} from './follow-up-plan.intake.repository';

// Intake of follow-up plans: how a facility's system (the integration API) and the demo write them. The
// caller owns the transaction, so a plan and everything in it are written together or not at all.

/** A task of an item, in one of the plan's task categories (a column of the page). */
export interface FollowUpTaskRecord {
  propertyCategoryId: number;
  isAddressed?: boolean;
  taskNote?: string | null;
}

/** A follow-up visit of the plan (the dashboard lists the pending ones too). */
export interface FollowUpItemRecord {
  /** The item's label: years and months after the start of the plan. */
  labelYears?: number;
  labelMonths?: number;
  /** YYYY-MM-DD */
  recommendedDate: string;
  actualDate?: Date | null;
  statusDesc?: FollowUpStatusDesc;
  providerFirstName?: string | null;
  providerLastName?: string | null;
  linkedToOtherTypeCount?: number;
  tasks: FollowUpTaskRecord[];
}

export interface FollowUpPlanRecord {
  /** YYYY-MM-DD */
  startDate: string;
  memoToPatient?: string | null;
  isArchived?: boolean;
  /** The task categories the plan names, in the order of the page's columns. */
  taskNames: { propertyCategoryId: number; name: string }[];
  /** The guidelines the plan follows, in order. */
  templates: { templateDisplayName: string; effectiveDate: string | null }[];
  items: FollowUpItemRecord[];
}

/**
 * Adds a follow-up plan of a patient with its task names, templates, items and their tasks; returns the
 * plan's id. (Keyed replacement by the facility's own identifier comes with the integration API.)
 */
export async function putFollowUpPlan(tx: Tx, patientId: number, record: FollowUpPlanRecord): Promise<number> {
  const { taskNames, templates, items, ...plan } = record;
  const planId = await insertFollowUpPlan(tx, { patientId, ...plan });
  await insertFollowUpPlanTaskNames(
    tx,
    taskNames.map((taskName, i) => ({ planId, ...taskName, sortOrder: i + 1 })),
  );
  await insertFollowUpPlanTemplates(
    tx,
    templates.map((template, i) => ({ planId, ...template, sortOrder: i + 1 })),
  );
  const tasks = [];
  for (const { tasks: itemTasks, ...item } of items) {
    const itemId = await insertFollowUpItem(tx, { patientId, planId, ...item });
    tasks.push(
      ...itemTasks.map((task) => ({
        itemId,
        propertyCategoryId: task.propertyCategoryId,
        isAddressed: task.isAddressed ?? false,
        taskNote: task.taskNote ?? null,
      })),
    );
  }
  await insertFollowUpItemTasks(tx, tasks);
  return planId;
}
