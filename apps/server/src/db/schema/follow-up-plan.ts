import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

// Follow-up plans (migration 0005) and their follow-up items (migration 0003: the dashboard lists the
// pending ones too), module follow-up-plan.

export const followUpPlans = pgTable('follow_up_plans', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  memoToPatient: text('memo_to_patient'),
  isArchived: boolean('is_archived').notNull().default(false),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  /** The facility's own identifier (unique per patient), the digest of what it sent, when it withdrew it (0022). */
  externalId: text('external_id'),
  contentHash: text('content_hash'),
  withdrawnAt: tstz('withdrawn_at'),
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

export const followUpItems = pgTable('follow_up_items', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  labelYears: integer('label_years').notNull().default(0),
  labelMonths: integer('label_months').notNull().default(0),
  recommendedDate: date('recommended_date', { mode: 'string' }).notNull(),
  actualDate: tstz('actual_date'),
  statusDesc: text('status_desc', { enum: ['Pending', 'Completed', 'Missed', 'N/A'] })
    .notNull()
    .default('Pending'),
  providerFirstName: text('provider_first_name'),
  providerLastName: text('provider_last_name'),
  linkedToOtherTypeCount: integer('linked_to_other_type_count').notNull().default(0),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  /** The follow-up plan (of the same patient) the item belongs to. */
  planId: integer('plan_id'),
  /** The facility's own identifier (unique within the plan); withdrawn with its plan or left out of it (0022). */
  externalId: text('external_id'),
  withdrawnAt: tstz('withdrawn_at'),
});
