import type { Appointment, APPOINTMENT_DATE_FILTERS, APPOINTMENTS_DATE_PREFERENCE } from '@portal/contracts';
import { ALL, matchesChoice } from '../../../components/filters';
import { formatDateTime } from '../../../lib/dates';
// The rule itself from the contracts: lib/notification-settings.ts also makes the API calls, which this module's
// unit tests must not load.
import { notificationSummary, type NotificationSummary } from '@portal/contracts';
import type { NotificationSettings } from '../../../lib/notification-settings';

export type DateFilter = (typeof APPOINTMENT_DATE_FILTERS)[number];

// Copies typed against the contract's constants (the browser takes only types from contracts' api/ files).
export const DATE_FILTERS: typeof APPOINTMENT_DATE_FILTERS = ['All', 'Upcoming', 'Past'];
export const DATE_PREFERENCE: typeof APPOINTMENTS_DATE_PREFERENCE = 'PatientPortal_AppointmentsFilter_Date';

/** The saved date filter; a missing or unknown value (or a 404) is the default, All. */
export function parseDateFilter(value: string | null): DateFilter {
  return DATE_FILTERS.find((f) => f.toLowerCase() === (value ?? '').trim().toLowerCase()) ?? 'All';
}

export interface AppointmentFilters {
  status: string;
  type: string;
  provider: string;
  date: DateFilter;
}

export const DEFAULT_FILTERS: AppointmentFilters = { status: ALL, type: ALL, provider: ALL, date: 'All' };

export function matchesFilters(appointment: Appointment, filters: AppointmentFilters): boolean {
  if (appointment.isFiltered) return false;
  if (!matchesChoice(appointment.status, filters.status)) return false;
  if (!matchesChoice(appointment.type, filters.type)) return false;
  if (!matchesChoice(appointment.provider, filters.provider)) return false;
  // Upcoming or past by the server's one rule (isUpcoming), the rule of the dashboard's upcoming list too.
  if (filters.date === 'Past') return !appointment.isUpcoming;
  if (filters.date === 'Upcoming') return appointment.isUpcoming;
  return true;
}

/**
 * The date column: MM/DD/YYYY h:mm A in the appointment's own time zone, followed by the zone's
 * abbreviation when it is not the facility's zone; the date alone when the time is not known.
 */
export function appointmentDateText(appointment: Appointment, facilityTimeZoneId: string): string {
  const text = formatDateTime(appointment.date, appointment.timeZoneId, appointment.hasTimePart);
  if (!appointment.hasTimePart) return text;
  return appointment.timeZoneId === facilityTimeZoneId || !appointment.timeZoneAbbreviation
    ? text
    : `${text} ${appointment.timeZoneAbbreviation}`;
}

const REMINDER_KEYS: Record<NotificationSummary, string> = {
  emailAndSms: 'appointmentsPage.reminders.emailAndText',
  email: 'appointmentsPage.reminders.email',
  sms: 'appointmentsPage.reminders.text',
  off: 'appointmentsPage.reminders.none',
};

/** The language-pack key of the reminder line (the settings' one summary). */
export function reminderKey(settings: NotificationSettings): string {
  return REMINDER_KEYS[notificationSummary(settings)];
}
