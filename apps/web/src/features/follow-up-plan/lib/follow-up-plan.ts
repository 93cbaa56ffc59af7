import { FOLLOW_UP_PLAN_FILTERS, type FollowUpPlanFilter } from '@portal/contracts';
import type { FollowUpAppointment, FollowUpPlan, FollowUpTask } from '@portal/contracts';
import { calendarDay, dayIn, middayIn } from '../../../lib/dates';
// The rule itself from the contracts: shared/api/notification-settings.ts also makes the API calls, which this module's
// unit tests must not load.
import { notificationSummary, type NotificationSummary } from '@portal/contracts';
import type { NotificationSettings } from '../../../shared/api/notification-settings';

// The display rules of the follow-up plan (spec 002 sections 2.2 and 4), pure so they can be tested.

/** The date status of an item; its label is the language key followUpPlan.status.<status>. */
export type DateStatus = 'completed' | 'missed' | 'na' | 'overdue' | 'scheduled' | 'recommended';

export const DEFAULT_FILTER: FollowUpPlanFilter = 'All';

/** The saved filter preference, or All for anything else (nothing saved, an old or unknown value). */
export function parseFilter(value: string | null | undefined): FollowUpPlanFilter {
  return FOLLOW_UP_PLAN_FILTERS.find((f) => f === value) ?? DEFAULT_FILTER;
}

/**
 * The day the item is due: the booked day when it is booked, else the recommended day. A booked instant
 * counts on its day in the facility's zone.
 */
export function dueDay(item: Pick<FollowUpAppointment, 'targetDate' | 'actualDate'>, timeZoneId: string): string {
  return item.actualDate
    ? dayIn(item.actualDate, timeZoneId)
    : (calendarDay(item.targetDate) ?? item.targetDate.slice(0, 10));
}

/**
 * Overdue: the date (the booked one, else the recommended one) is before now. Compared by day in the
 * facility's zone, as the dashboard does, so an item due today is not overdue until the day is over and
 * the dashboard's upcoming list and this page agree.
 */
export function isOverdue(
  item: Pick<FollowUpAppointment, 'targetDate' | 'actualDate'>,
  now: Date,
  timeZoneId: string,
): boolean {
  return dueDay(item, timeZoneId) < dayIn(now, timeZoneId);
}

/**
 * Spec 4: Completed if statusDesc is Completed, Missed if Missed; an item that does not apply (N/A) says
 * so; otherwise Overdue if its date is past, else Scheduled when booked, Recommended when not.
 */
export function dateStatus(
  item: Pick<FollowUpAppointment, 'statusDesc' | 'targetDate' | 'actualDate'>,
  now: Date,
  timeZoneId: string,
): DateStatus {
  if (item.statusDesc === 'Completed') return 'completed';
  if (item.statusDesc === 'Missed') return 'missed';
  if (item.statusDesc === 'N/A') return 'na';
  if (isOverdue(item, now, timeZoneId)) return 'overdue';
  return item.actualDate ? 'scheduled' : 'recommended';
}

/** Spec 4: an item is upcoming when statusDesc is Pending and it is not overdue. */
export function isUpcoming(
  item: Pick<FollowUpAppointment, 'statusDesc' | 'targetDate' | 'actualDate'>,
  now: Date,
  timeZoneId: string,
): boolean {
  return item.statusDesc === 'Pending' && !isOverdue(item, now, timeZoneId);
}

/** Spec 4: the plan's rows are the items with at least one task of a category the plan names. */
export function planRows(plan: Pick<FollowUpPlan, 'taskNames' | 'appointments'>): FollowUpAppointment[] {
  const named = new Set(plan.taskNames.map((n) => n.key));
  return plan.appointments.filter((a) => a.tasks.some((task) => named.has(task.propertyCategoryId)));
}

/** The rows the filter shows: every row for All, the upcoming ones for Upcoming. */
export function filterRows(
  rows: readonly FollowUpAppointment[],
  filter: FollowUpPlanFilter,
  now: Date,
  timeZoneId: string,
): FollowUpAppointment[] {
  return filter === 'Upcoming' ? rows.filter((r) => isUpcoming(r, now, timeZoneId)) : [...rows];
}

/** The item's task of a category, if it has one. */
export function taskOf(item: Pick<FollowUpAppointment, 'tasks'>, key: number): FollowUpTask | undefined {
  return item.tasks.find((task) => task.propertyCategoryId === key);
}

/** The item's tasks the plan names, in the plan's order, with the task's name. */
export function namedTasks(
  item: Pick<FollowUpAppointment, 'tasks'>,
  taskNames: FollowUpPlan['taskNames'],
): (FollowUpTask & { name: string })[] {
  return taskNames.flatMap((n) => {
    const task = taskOf(item, n.key);
    return task ? [{ ...task, name: n.value }] : [];
  });
}

/** 'last,first' (spec 3) shown as a name: 'First Last'; a lone name as it is; nothing as ''. */
export function providerName(provider: string | null | undefined): string {
  if (!provider) return '';
  const comma = provider.indexOf(',');
  if (comma < 0) return provider.trim();
  const last = provider.slice(0, comma).trim();
  const first = provider.slice(comma + 1).trim();
  return [first, last].filter(Boolean).join(' ');
}

/** The date the row shows: the booked instant (with its time), else the recommended day (no time). */
export function shownDate(item: Pick<FollowUpAppointment, 'targetDate' | 'actualDate'>): {
  value: string;
  hasTime: boolean;
} {
  return item.actualDate ? { value: item.actualDate, hasTime: true } : { value: item.targetDate, hasTime: false };
}

/** Sorts rows by when they are due: the booked instant, else noon of the recommended day in the zone. */
export function dueTime(item: Pick<FollowUpAppointment, 'targetDate' | 'actualDate'>, timeZoneId: string): number {
  return item.actualDate ? Date.parse(item.actualDate) : middayIn(item.targetDate, timeZoneId);
}

const REMINDER_KEYS: Record<NotificationSummary, string> = {
  emailAndSms: 'followUpPlan.reminders.emailAndText',
  email: 'followUpPlan.reminders.email',
  sms: 'followUpPlan.reminders.text',
  off: 'followUpPlan.reminders.none',
};

/** The notification line's language key: how the patient is reminded of follow-ups (the settings' one summary). */
export function reminderKey(settings: NotificationSettings): string {
  return REMINDER_KEYS[notificationSummary(settings)];
}
