import { createHash } from 'node:crypto';
import type { FollowUpStatusDesc } from '@portal/contracts';
import type { Tx } from '../../db/client';
import {
  deleteFollowUpItemTasks,
  deletePlanTaskNamesAndTemplates,
  findFollowUpPlanByExternalId,
  insertFollowUpItem,
  insertFollowUpItemTasks,
  insertFollowUpPlan,
  insertFollowUpPlanTaskNames,
  insertFollowUpPlanTemplates,
  listPlanItemKeys,
  setFollowUpPlanWithdrawn,
  updateFollowUpItem,
  updateFollowUpPlan,
  withdrawPlanItems,
  type FollowUpPlanFields,
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

/** What a put did: the plan's id, whether it was created, and whether anything changed. */
export interface PutOutcome {
  id: number;
  created: boolean;
  changed: boolean;
}

/** A digest of the plan as sent, in a fixed order of fields (an instant in another offset is the same). */
export function followUpPlanFingerprint(record: FollowUpPlanRecord): string {
  const canonical = [
    record.startDate,
    record.memoToPatient ?? null,
    record.isArchived ?? false,
    record.taskNames.map((t) => [t.propertyCategoryId, t.name]),
    record.templates.map((t) => [t.templateDisplayName, t.effectiveDate]),
    record.items.map((item) => [
      item.externalId,
      item.labelYears ?? 0,
      item.labelMonths ?? 0,
      item.recommendedDate,
      item.actualDate?.toISOString() ?? null,
      item.statusDesc ?? 'Pending',
      item.providerFirstName ?? null,
      item.providerLastName ?? null,
      item.linkedToOtherTypeCount ?? 0,
      item.tasks.map((t) => [t.propertyCategoryId, t.isAddressed ?? false, t.taskNote ?? null]),
    ]),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
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

/**
 * Creates or replaces the patient's follow-up plan under the facility's identifier `externalId`, as a whole: an
 * idempotent upsert. A new identifier adds the plan with its task names, templates, items and tasks. The same
 * content again (not withdrawn) changes nothing. Other content rewrites the plan, its task names and templates;
 * an item whose identifier the plan had keeps its id and is rewritten with its tasks, a new one is added, and one
 * the plan no longer names is withdrawn (gone for the patient, kept for the audit trail). A withdrawn plan put
 * again is back. Everything in the caller's transaction.
 */
export async function putFollowUpPlan(
  tx: Tx,
  patientId: number,
  externalId: string,
  record: FollowUpPlanRecord,
  now = new Date(),
): Promise<PutOutcome> {
  const contentHash = followUpPlanFingerprint(record);
  const fields: FollowUpPlanFields = {
    startDate: record.startDate,
    memoToPatient: record.memoToPatient ?? null,
    isArchived: record.isArchived ?? false,
    contentHash,
    withdrawnAt: null,
  };
  let existing = await findFollowUpPlanByExternalId(tx, patientId, externalId);
  if (!existing) {
    const id = await insertFollowUpPlan(tx, { patientId, externalId, ...fields });
    if (id !== undefined) {
      await writePlanContent(tx, patientId, id, record, now);
      return { id, created: true, changed: true };
    }
    // Added by a concurrent put of the same plan since we looked: replace that one.
    existing = await findFollowUpPlanByExternalId(tx, patientId, externalId);
    if (!existing) throw new Error('A follow-up plan with this external id was neither added nor found');
  }
  if (existing.contentHash === contentHash && existing.withdrawnAt === null) {
    return { id: existing.id, created: false, changed: false };
  }
  await updateFollowUpPlan(tx, existing.id, fields);
  await deletePlanTaskNamesAndTemplates(tx, existing.id);
  await writePlanContent(tx, patientId, existing.id, record, now);
  return { id: existing.id, created: false, changed: true };
}

/**
 * Withdraws the patient's plan under `externalId` with all its items: the patient no longer sees them (the plan
 * page, the dashboard's upcoming follow-ups); the rows stay for the audit trail. Its id, or undefined.
 */
export async function withdrawFollowUpPlan(
  tx: Tx,
  patientId: number,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  const existing = await findFollowUpPlanByExternalId(tx, patientId, externalId);
  if (!existing) return undefined;
  if (existing.withdrawnAt === null) {
    await setFollowUpPlanWithdrawn(tx, existing.id, now);
    await withdrawPlanItems(tx, existing.id, [], now);
  }
  return existing.id;
}
