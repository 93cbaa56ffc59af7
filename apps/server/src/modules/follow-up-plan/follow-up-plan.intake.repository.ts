import type { Tx } from '../../db/client';
import {
  followUpItems,
  followUpItemTasks,
  followUpPlans,
  followUpPlanTaskNames,
  followUpPlanTemplates,
} from '../../db/schema/index';

// The writes of follow-up-plan.intake.ts: a plan, its task names and templates, its items and their tasks.

export type NewFollowUpPlan = typeof followUpPlans.$inferInsert;
export type NewFollowUpPlanTaskName = typeof followUpPlanTaskNames.$inferInsert;
export type NewFollowUpPlanTemplate = typeof followUpPlanTemplates.$inferInsert;
export type NewFollowUpItem = typeof followUpItems.$inferInsert;
export type NewFollowUpItemTask = typeof followUpItemTasks.$inferInsert;

export async function insertFollowUpPlan(tx: Tx, row: NewFollowUpPlan): Promise<number> {
  const [inserted] = await tx.insert(followUpPlans).values(row).returning({ id: followUpPlans.id });
  if (!inserted) throw new Error('Adding a follow-up plan returned no row');
  return inserted.id;
}

export async function insertFollowUpPlanTaskNames(tx: Tx, rows: NewFollowUpPlanTaskName[]): Promise<void> {
  if (rows.length > 0) await tx.insert(followUpPlanTaskNames).values(rows);
}

export async function insertFollowUpPlanTemplates(tx: Tx, rows: NewFollowUpPlanTemplate[]): Promise<void> {
  if (rows.length > 0) await tx.insert(followUpPlanTemplates).values(rows);
}

export async function insertFollowUpItem(tx: Tx, row: NewFollowUpItem): Promise<number> {
  const [inserted] = await tx.insert(followUpItems).values(row).returning({ id: followUpItems.id });
  if (!inserted) throw new Error('Adding a follow-up item returned no row');
  return inserted.id;
}

export async function insertFollowUpItemTasks(tx: Tx, rows: NewFollowUpItemTask[]): Promise<void> {
  if (rows.length > 0) await tx.insert(followUpItemTasks).values(rows);
}
