import { describe, expect, it } from 'vitest';
import type { FollowUpAppointment, FollowUpPlan } from '@portal/contracts';
import {
  dateStatus,
  dueDay,
  dueTime,
  filterRows,
  isOverdue,
  isUpcoming,
  namedTasks,
  parseFilter,
  planRows,
  providerName,
  reminderKey,
  shownDate,
  taskOf,
} from './follow-up-plan';

const NY = 'America/New_York';
// 15:00 in New York on March 10th (daylight saving time has begun).
const NOW = new Date('2026-03-10T19:00:00Z');

const item = (overrides: Partial<FollowUpAppointment> = {}): FollowUpAppointment => ({
  ptFollowUpAppointmentId: 1,
  label: '1 Year Follow-up',
  labelParts: { y: 1, m: 0 },
  targetDate: '2026-04-01',
  actualDate: null,
  statusDesc: 'Pending',
  provider: 'Raman,Priya',
  tasks: [{ propertyCategoryId: 101, isAddressed: false, taskNote: null }],
  ...overrides,
});

describe('date status (spec 4)', () => {
  it('says Completed and Missed from statusDesc, whatever the dates', () => {
    expect(dateStatus(item({ statusDesc: 'Completed', targetDate: '2020-01-01' }), NOW, NY)).toBe('completed');
    expect(dateStatus(item({ statusDesc: 'Completed', targetDate: '2030-01-01' }), NOW, NY)).toBe('completed');
    expect(dateStatus(item({ statusDesc: 'Missed', targetDate: '2030-01-01' }), NOW, NY)).toBe('missed');
    expect(dateStatus(item({ statusDesc: 'Missed', actualDate: '2026-03-01T15:00:00Z' }), NOW, NY)).toBe('missed');
  });

  it('says N/A for an item that does not apply, past or future', () => {
    expect(dateStatus(item({ statusDesc: 'N/A', targetDate: '2020-01-01' }), NOW, NY)).toBe('na');
    expect(dateStatus(item({ statusDesc: 'N/A' }), NOW, NY)).toBe('na');
  });

  it('says Overdue when the recommended day has passed and nothing is booked', () => {
    expect(dateStatus(item({ targetDate: '2026-03-09' }), NOW, NY)).toBe('overdue');
    expect(dateStatus(item({ targetDate: '2025-12-31' }), NOW, NY)).toBe('overdue');
  });

  it('says Overdue when the booked day has passed', () => {
    expect(dateStatus(item({ targetDate: '2026-03-01', actualDate: '2026-03-09T14:00:00Z' }), NOW, NY)).toBe('overdue');
  });

  it('says Scheduled when booked for today or later, Recommended when not booked and not past', () => {
    expect(dateStatus(item({ actualDate: '2026-04-02T14:00:00Z' }), NOW, NY)).toBe('scheduled');
    // Booked for this morning: still today, not overdue (as on the dashboard).
    expect(dateStatus(item({ actualDate: '2026-03-10T13:00:00Z' }), NOW, NY)).toBe('scheduled');
    // Booked later than recommended: the booked day counts.
    expect(dateStatus(item({ targetDate: '2026-03-01', actualDate: '2026-03-20T14:00:00Z' }), NOW, NY)).toBe(
      'scheduled',
    );
    expect(dateStatus(item(), NOW, NY)).toBe('recommended');
    expect(dateStatus(item({ targetDate: '2026-03-10' }), NOW, NY)).toBe('recommended');
  });

  it('counts days in the facility zone, not in UTC', () => {
    // 02:00 UTC on the 11th is still the 10th in New York: an item due the 10th is not yet overdue.
    const lateEvening = new Date('2026-03-11T02:00:00Z');
    expect(isOverdue(item({ targetDate: '2026-03-10' }), lateEvening, NY)).toBe(false);
    expect(isOverdue(item({ targetDate: '2026-03-10' }), lateEvening, 'UTC')).toBe(true);
    // A visit booked at 23:30 in New York on the 9th is on the 9th there (the 10th in UTC).
    expect(dueDay(item({ actualDate: '2026-03-10T03:30:00Z' }), NY)).toBe('2026-03-09');
    expect(isOverdue(item({ actualDate: '2026-03-10T03:30:00Z' }), NOW, NY)).toBe(true);
  });
});

describe('upcoming (spec 4)', () => {
  it('is Pending and not overdue', () => {
    expect(isUpcoming(item(), NOW, NY)).toBe(true);
    expect(isUpcoming(item({ actualDate: '2026-04-02T14:00:00Z' }), NOW, NY)).toBe(true);
    expect(isUpcoming(item({ targetDate: '2026-03-10' }), NOW, NY)).toBe(true);
    expect(isUpcoming(item({ targetDate: '2026-03-09' }), NOW, NY)).toBe(false);
    expect(isUpcoming(item({ statusDesc: 'Completed' }), NOW, NY)).toBe(false);
    expect(isUpcoming(item({ statusDesc: 'Missed' }), NOW, NY)).toBe(false);
    expect(isUpcoming(item({ statusDesc: 'N/A' }), NOW, NY)).toBe(false);
  });

  it('filters rows: All keeps every row, Upcoming only the upcoming ones', () => {
    const rows = [
      item({ ptFollowUpAppointmentId: 1, statusDesc: 'Completed', targetDate: '2026-01-01' }),
      item({ ptFollowUpAppointmentId: 2, targetDate: '2026-03-01' }),
      item({ ptFollowUpAppointmentId: 3 }),
      item({ ptFollowUpAppointmentId: 4, actualDate: '2026-05-01T14:00:00Z' }),
    ];
    expect(filterRows(rows, 'All', NOW, NY).map((r) => r.ptFollowUpAppointmentId)).toEqual([1, 2, 3, 4]);
    expect(filterRows(rows, 'Upcoming', NOW, NY).map((r) => r.ptFollowUpAppointmentId)).toEqual([3, 4]);
    expect(filterRows([], 'Upcoming', NOW, NY)).toEqual([]);
  });

  it('reads the saved filter, anything unknown as All', () => {
    expect(parseFilter('Upcoming')).toBe('Upcoming');
    expect(parseFilter('All')).toBe('All');
    expect(parseFilter(null)).toBe('All');
    expect(parseFilter(undefined)).toBe('All');
    expect(parseFilter('upcoming')).toBe('All');
    expect(parseFilter('Last3Months')).toBe('All');
  });
});

describe('plan rows (spec 4)', () => {
  const plan: Pick<FollowUpPlan, 'taskNames' | 'appointments'> = {
    taskNames: [
      { key: 102, value: 'Mammogram' },
      { key: 101, value: 'Physical Exam' },
    ],
    appointments: [
      item({ ptFollowUpAppointmentId: 1 }),
      item({ ptFollowUpAppointmentId: 2, tasks: [{ propertyCategoryId: 999, isAddressed: true, taskNote: null }] }),
      item({ ptFollowUpAppointmentId: 3, tasks: [] }),
      item({
        ptFollowUpAppointmentId: 4,
        tasks: [
          { propertyCategoryId: 999, isAddressed: false, taskNote: null },
          { propertyCategoryId: 102, isAddressed: true, taskNote: 'Normal.' },
        ],
      }),
    ],
  };

  it('keeps only items with a task of a category the plan names', () => {
    expect(planRows(plan).map((r) => r.ptFollowUpAppointmentId)).toEqual([1, 4]);
    expect(planRows({ taskNames: [], appointments: plan.appointments })).toEqual([]);
  });

  it('lists an item’s named tasks in the plan’s order, with their names and notes', () => {
    const both = item({
      tasks: [
        { propertyCategoryId: 101, isAddressed: false, taskNote: null },
        { propertyCategoryId: 999, isAddressed: true, taskNote: 'Not named' },
        { propertyCategoryId: 102, isAddressed: true, taskNote: 'Normal.' },
      ],
    });
    expect(namedTasks(both, plan.taskNames)).toEqual([
      { propertyCategoryId: 102, isAddressed: true, taskNote: 'Normal.', name: 'Mammogram' },
      { propertyCategoryId: 101, isAddressed: false, taskNote: null, name: 'Physical Exam' },
    ]);
    expect(taskOf(both, 102)?.isAddressed).toBe(true);
    expect(taskOf(both, 103)).toBeUndefined();
  });
});

describe('provider name', () => {
  it('shows last,first as First Last', () => {
    expect(providerName('Raman,Priya')).toBe('Priya Raman');
    expect(providerName('Van der Berg, Anna Maria ')).toBe('Anna Maria Van der Berg');
    expect(providerName('Raman,')).toBe('Raman');
    expect(providerName(',Priya')).toBe('Priya');
    expect(providerName('Raman')).toBe('Raman');
    expect(providerName(null)).toBe('');
    expect(providerName('')).toBe('');
  });
});

describe('the date shown', () => {
  it('is the booked instant with its time, else the recommended day without one', () => {
    expect(shownDate(item({ actualDate: '2026-04-02T14:00:00Z' }))).toEqual({
      value: '2026-04-02T14:00:00Z',
      hasTime: true,
    });
    expect(shownDate(item())).toEqual({ value: '2026-04-01', hasTime: false });
  });

  it('sorts by the booked instant, else noon of the recommended day in the zone', () => {
    expect(dueTime(item({ actualDate: '2026-04-02T14:00:00Z' }), NY)).toBe(Date.parse('2026-04-02T14:00:00Z'));
    expect(dueTime(item(), NY)).toBe(Date.parse('2026-04-01T16:00:00Z'));
  });
});

describe('notification line', () => {
  it('says how follow-up reminders come', () => {
    expect(reminderKey({ email: true, sms: true })).toBe('followUpPlan.reminders.emailAndText');
    expect(reminderKey({ email: true, sms: false })).toBe('followUpPlan.reminders.email');
    expect(reminderKey({ email: false, sms: true })).toBe('followUpPlan.reminders.text');
    expect(reminderKey({ email: false, sms: false })).toBe('followUpPlan.reminders.none');
  });
});
