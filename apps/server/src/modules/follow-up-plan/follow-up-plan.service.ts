import type { FollowUpAppointment, FollowUpPlan } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import {
  listItems,
  listItemTasks,
  listPlans,
  listTaskNames,
  listTemplates,
  type FollowUpItemRow,
} from './follow-up-plan.repository';
import type { PatientScope } from '../../platform/access/patient-scope';

/**
 * The English label of a follow-up item, as the dashboard writes it: '1 Year 6 Month Follow-up',
 * '1 Year Follow-up', '6 Month Follow-up' (units stay singular: 'a two-year follow-up' is a '2 Year
 * Follow-up'); neither years nor months: 'Follow-up'. The browser builds its own from the parts.
 */
export function followUpLabel(years: number, months: number): string {
  const parts = [years > 0 ? `${years} Year` : null, months > 0 ? `${months} Month` : null].filter(Boolean);
  return [...parts, 'Follow-up'].join(' ');
}

/** 'last,first' as the spec has it; one of them alone when the other is unknown; null for neither. */
export function providerText(lastName: string | null, firstName: string | null): string | null {
  const last = lastName?.trim() ?? '';
  const first = firstName?.trim() ?? '';
  if (last && first) return `${last},${first}`;
  return last || first || null;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

export class FollowUpPlanService {
  constructor(private readonly db: DbOrTx) {}

  /** The patient's plans, newest first, each with its task names, templates and items with their tasks. */
  async plans(scope: PatientScope, includeArchived: boolean): Promise<FollowUpPlan[]> {
    const plans = await listPlans(this.db, scope, includeArchived);
    if (plans.length === 0) return [];
    const planIds = plans.map((p) => p.id);
    const [taskNames, templates, items] = await Promise.all([
      listTaskNames(this.db, scope, planIds),
      listTemplates(this.db, scope, planIds),
      listItems(this.db, scope, planIds),
    ]);
    const tasks =
      items.length > 0
        ? await listItemTasks(
            this.db,
            scope,
            items.map((i) => i.id),
          )
        : [];
    const tasksOf = groupBy(tasks, (t) => t.itemId);
    const namesOf = groupBy(taskNames, (n) => n.planId);
    const templatesOf = groupBy(templates, (t) => t.planId);
    const itemsOf = groupBy(items, (i) => i.planId);

    const toAppointment = (item: FollowUpItemRow): FollowUpAppointment => ({
      ptFollowUpAppointmentId: item.id,
      label: followUpLabel(item.labelYears, item.labelMonths),
      labelParts: { y: item.labelYears, m: item.labelMonths },
      targetDate: item.recommendedDate,
      actualDate: item.actualDate?.toISOString() ?? null,
      statusDesc: item.statusDesc,
      provider: providerText(item.providerLastName, item.providerFirstName),
      tasks: (tasksOf.get(item.id) ?? []).map((t) => ({
        propertyCategoryId: t.propertyCategoryId,
        isAddressed: t.isAddressed,
        taskNote: t.taskNote,
      })),
    });

    return plans.map((plan) => ({
      startDate: plan.startDate,
      memoToPatient: plan.memoToPatient,
      isArchived: plan.isArchived,
      taskNames: (namesOf.get(plan.id) ?? []).map((n) => ({ key: n.propertyCategoryId, value: n.name })),
      templates: (templatesOf.get(plan.id) ?? []).map((t) => ({
        templateDisplayName: t.templateDisplayName,
        effectiveDate: t.effectiveDate,
      })),
      appointments: (itemsOf.get(plan.id) ?? []).map(toAppointment),
    }));
  }
}
