import { and, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  followUpItems,
  followUpItemTasks,
  followUpPlans,
  followUpPlanTaskNames,
  followUpPlanTemplates,
} from '../../db/schema/index';

// The writes of follow-up-plan.intake.ts: a plan keyed by the facility's identifier, its task names and templates,
// its items (keyed within the plan) and their tasks.

export type NewFollowUpPlan = typeof followUpPlans.$inferInsert;
export type NewFollowUpPlanTaskName = typeof followUpPlanTaskNames.$inferInsert;
export type NewFollowUpPlanTemplate = typeof followUpPlanTemplates.$inferInsert;
export type NewFollowUpItem = typeof followUpItems.$inferInsert;
export type NewFollowUpItemTask = typeof followUpItemTasks.$inferInsert;
export type FollowUpPlanFields = Omit<NewFollowUpPlan, 'id' | 'patientId' | 'externalId' | 'createdAt'>;
export type FollowUpItemFields = Omit<NewFollowUpItem, 'id' | 'patientId' | 'planId' | 'externalId' | 'createdAt'>;

/** A patient's plan under the facility's identifier, locked for the rest of the transaction, or undefined. */
export function findFollowUpPlanByExternalId(tx: Tx, patientId: number, externalId: string) {
  return tx
    .select({ id: followUpPlans.id, contentHash: followUpPlans.contentHash, withdrawnAt: followUpPlans.withdrawnAt })
    .from(followUpPlans)
    .where(and(eq(followUpPlans.patientId, patientId), eq(followUpPlans.externalId, externalId)))
    .limit(1)
    .for('update')
    .then((rows) => rows[0]);
}

/** Adds a plan; its id, or undefined when one with the same identifier was added meanwhile. */
export async function insertFollowUpPlan(tx: Tx, row: NewFollowUpPlan): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(followUpPlans)
    .values(row)
    .onConflictDoNothing({
      target: [followUpPlans.patientId, followUpPlans.externalId],
      where: isNotNull(followUpPlans.externalId),
    })
    .returning({ id: followUpPlans.id });
  return inserted?.id;
}

export async function updateFollowUpPlan(tx: Tx, planId: number, fields: FollowUpPlanFields): Promise<void> {
  await tx.update(followUpPlans).set(fields).where(eq(followUpPlans.id, planId));
}

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

/** Marks a plan withdrawn: the patient no longer sees it or its items; the rows stay for the audit trail. */
export async function setFollowUpPlanWithdrawn(tx: Tx, planId: number, at: Date): Promise<void> {
  await tx.update(followUpPlans).set({ withdrawnAt: at }).where(eq(followUpPlans.id, planId));
}
