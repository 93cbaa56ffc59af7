import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Follow-up plan (migration 0005). The items are followUpItems in ./index (their planId names the plan).

export const followUpPlans = pgTable('follow_up_plans', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  memoToPatient: text('memo_to_patient'),
  isArchived: boolean('is_archived').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`now()`),
});

export const followUpPlanTaskNames = pgTable(
  'follow_up_plan_task_names',
  {
    planId: integer('plan_id').notNull(),
    propertyCategoryId: integer('property_category_id').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.planId, t.propertyCategoryId] })],
);

export const followUpPlanTemplates = pgTable('follow_up_plan_templates', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  planId: integer('plan_id').notNull(),
  templateDisplayName: text('template_display_name').notNull(),
  effectiveDate: date('effective_date', { mode: 'string' }),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const followUpItemTasks = pgTable(
  'follow_up_item_tasks',
  {
    itemId: integer('item_id').notNull(),
    propertyCategoryId: integer('property_category_id').notNull(),
    isAddressed: boolean('is_addressed').notNull().default(false),
    taskNote: text('task_note'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.propertyCategoryId] })],
);
