import { and, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  followUpItems,
  followUpItemTasks,
  followUpPlans,
  followUpPlanTaskNames,
  followUpPlanTemplates,
} from '../../db/schema/index';
import type { KeyedTable } from '../../platform/intake/keyed-records';

// The rows of follow-up-plan.intake.ts: the plan's own, kept by the intake engine, its task names and templates, its
// items (keyed within the plan) and their tasks.

/** Where the intake engine keeps a plan: one row per patient and facility identifier. */
export const followUpPlanTable: KeyedTable<'patientId'> = {
  name: 'follow-up plan',
  table: followUpPlans,
  owner: 'patientId',
};

export type NewFollowUpPlanTaskName = typeof followUpPlanTaskNames.$inferInsert;
export type NewFollowUpPlanTemplate = typeof followUpPlanTemplates.$inferInsert;
export type NewFollowUpItem = typeof followUpItems.$inferInsert;
export type NewFollowUpItemTask = typeof followUpItemTasks.$inferInsert;
export type FollowUpItemFields = Omit<NewFollowUpItem, 'id' | 'patientId' | 'planId' | 'externalId' | 'createdAt'>;

/** Removes a plan's task names and templates (a replacement writes them anew). */
export async function deletePlanTaskNamesAndTemplates(tx: Tx, planId: number): Promise<void> {
  await tx.delete(followUpPlanTaskNames).where(eq(followUpPlanTaskNames.planId, planId));
  await tx.delete(followUpPlanTemplates).where(eq(followUpPlanTemplates.planId, planId));
}

export async function insertFollowUpPlanTaskNames(tx: Tx, rows: NewFollowUpPlanTaskName[]): Promise<void> {
  if (rows.length > 0) await tx.insert(followUpPlanTaskNames).values(rows);
}

export async function insertFollowUpPlanTemplates(tx: Tx, rows: NewFollowUpPlanTemplate[]): Promise<void> {
  if (rows.length > 0) await tx.insert(followUpPlanTemplates).values(rows);
}

/** The items of a plan that have an identifier, withdrawn ones included. */
export function listPlanItemKeys(tx: Tx, planId: number) {
  return tx
    .select({ id: followUpItems.id, externalId: followUpItems.externalId })
    .from(followUpItems)
    .where(and(eq(followUpItems.planId, planId), isNotNull(followUpItems.externalId)));
}

export async function insertFollowUpItem(tx: Tx, row: NewFollowUpItem): Promise<number> {
  const [inserted] = await tx.insert(followUpItems).values(row).returning({ id: followUpItems.id });
  if (!inserted) throw new Error('Adding a follow-up item returned no row');
  return inserted.id;
}

export async function updateFollowUpItem(tx: Tx, itemId: number, fields: FollowUpItemFields): Promise<void> {
  await tx.update(followUpItems).set(fields).where(eq(followUpItems.id, itemId));
}

export async function deleteFollowUpItemTasks(tx: Tx, itemIds: number[]): Promise<void> {
  if (itemIds.length > 0) await tx.delete(followUpItemTasks).where(inArray(followUpItemTasks.itemId, itemIds));
}

export async function insertFollowUpItemTasks(tx: Tx, rows: NewFollowUpItemTask[]): Promise<void> {
  if (rows.length > 0) await tx.insert(followUpItemTasks).values(rows);
}

/** Marks a plan's items withdrawn, but those in `keep` (none: all of them); the rows stay for the audit trail. */
export async function withdrawPlanItems(tx: Tx, planId: number, keep: number[], at: Date): Promise<void> {
  const open = and(eq(followUpItems.planId, planId), isNull(followUpItems.withdrawnAt));
  const rest = keep.length > 0 ? and(open, notInArray(followUpItems.id, keep)) : open;
  await tx.update(followUpItems).set({ withdrawnAt: at }).where(rest);
}
