import type { FollowUpStatusDesc } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { keyedRecords, type KeyedRecordKind, type KeyedRow } from '../../platform/intake/keyed-records';
import {
  deleteFollowUpItemTasks,
  deletePlanTaskNamesAndTemplates,
  followUpPlanTable,
  insertFollowUpItem,
  insertFollowUpItemTasks,
  insertFollowUpPlanTaskNames,
  insertFollowUpPlanTemplates,
  listPlanItemKeys,
  updateFollowUpItem,
  withdrawPlanItems,
} from './follow-up-plan.intake.repository';

// Intake of follow-up plans: how a facility's system (the integration API) and the demo write them, keyed by the
// facility's own identifier of each plan (unique per patient) and of each item (unique within its plan). The
// caller owns the transaction, so a plan and everything in it are written together or not at all.

/** A task of an item, in one of the plan's task categories (a column of the page). */
export interface FollowUpTaskRecord {
  propertyCategoryId: number;
  isAddressed?: boolean;
  taskNote?: string | null;
}

/** A follow-up visit of the plan (the dashboard lists the pending ones too). */
export interface FollowUpItemRecord {
  /** The facility's identifier of the visit, unique within the plan. */
  externalId: string;
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

/** Writes the plan's task names, templates and items (by identifier: a kept item keeps its id) with their tasks. */
async function writePlanContent(
  tx: Tx,
  patientId: number,
  planId: number,
  record: FollowUpPlanRecord,
  now: Date,
): Promise<void> {
  await insertFollowUpPlanTaskNames(
    tx,
    record.taskNames.map((taskName, i) => ({ planId, ...taskName, sortOrder: i + 1 })),
  );
  await insertFollowUpPlanTemplates(
    tx,
    record.templates.map((template, i) => ({ planId, ...template, sortOrder: i + 1 })),
  );
  const known = new Map((await listPlanItemKeys(tx, planId)).map((row) => [row.externalId, row.id]));
  await deleteFollowUpItemTasks(tx, [...known.values()]);
  const kept: number[] = [];
  const tasks = [];
  for (const { tasks: itemTasks, externalId, ...item } of record.items) {
    const fields = {
      labelYears: item.labelYears ?? 0,
      labelMonths: item.labelMonths ?? 0,
      recommendedDate: item.recommendedDate,
      actualDate: item.actualDate ?? null,
      statusDesc: item.statusDesc ?? 'Pending',
      providerFirstName: item.providerFirstName ?? null,
      providerLastName: item.providerLastName ?? null,
      linkedToOtherTypeCount: item.linkedToOtherTypeCount ?? 0,
      withdrawnAt: null,
    };
    let itemId = known.get(externalId);
    if (itemId === undefined) itemId = await insertFollowUpItem(tx, { patientId, planId, externalId, ...fields });
    else await updateFollowUpItem(tx, itemId, fields);
    kept.push(itemId);
    const id = itemId;
    tasks.push(
      ...itemTasks.map((task) => ({
        itemId: id,
        propertyCategoryId: task.propertyCategoryId,
        isAddressed: task.isAddressed ?? false,
        taskNote: task.taskNote ?? null,
      })),
    );
  }
  await insertFollowUpItemTasks(tx, tasks);
  // Items the plan no longer has are withdrawn, not deleted: audit rows may name them.
  if (kept.length > 0 || known.size > 0) await withdrawPlanItems(tx, planId, kept, now);
}

const followUpPlanKind: KeyedRecordKind<FollowUpPlanRecord, KeyedRow, never, 'patientId'> = {
  ...followUpPlanTable,
  // The defaults filled in, so that a field left out and one sent with its default are the same plan.
  normalise: (record) => ({
    ...record,
    memoToPatient: record.memoToPatient ?? null,
    isArchived: record.isArchived ?? false,
    items: record.items.map((item) => ({
      ...item,
      labelYears: item.labelYears ?? 0,
      labelMonths: item.labelMonths ?? 0,
      actualDate: item.actualDate ?? null,
      statusDesc: item.statusDesc ?? 'Pending',
      providerFirstName: item.providerFirstName ?? null,
      providerLastName: item.providerLastName ?? null,
      linkedToOtherTypeCount: item.linkedToOtherTypeCount ?? 0,
      tasks: item.tasks.map((task) => ({
        ...task,
        isAddressed: task.isAddressed ?? false,
        taskNote: task.taskNote ?? null,
      })),
    })),
  }),
  columns: ({ startDate, memoToPatient, isArchived }) => ({ startDate, memoToPatient, isArchived }),
  async writeChildren(tx, planId, record, { ownerId, existing, now }) {
    if (existing) await deletePlanTaskNamesAndTemplates(tx, planId);
    await writePlanContent(tx, ownerId, planId, record, now);
  },
  afterWithdraw: (tx, planId, now) => withdrawPlanItems(tx, planId, [], now),
};

/**
 * Creates or replaces the patient's follow-up plan under the facility's identifier `externalId`, as a whole: an
 * idempotent upsert. A new identifier adds the plan with its task names, templates, items and tasks. The same
 * content again (not withdrawn) changes nothing. Other content rewrites the plan, its task names and templates;
 * an item whose identifier the plan had keeps its id and is rewritten with its tasks, a new one is added, and one
 * the plan no longer names is withdrawn (gone for the patient, kept for the audit trail). A withdrawn plan put
 * again is back. Everything in the caller's transaction.
 *
 * Withdraws the patient's plan under `externalId` with all its items: the patient no longer sees them (the plan
 * page, the dashboard's upcoming follow-ups); the rows stay for the audit trail. Its id, or undefined.
 */
export const followUpPlanRecords = keyedRecords(followUpPlanKind);
