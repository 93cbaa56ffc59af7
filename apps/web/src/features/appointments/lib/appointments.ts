import type { Appointment, APPOINTMENT_DATE_FILTERS, APPOINTMENTS_DATE_PREFERENCE } from '@portal/contracts';
import { ALL, matchesChoice } from '../../../components/filters';
import { formatDateTimeParts } from '../../../lib/dates';
// The rule itself from the contracts: shared/api/notification-settings.ts also makes the API calls, which this module's
// unit tests must not load.
import { notificationSummary, type NotificationSummary } from '@portal/contracts';
import type { NotificationSettings } from '../../../shared/api/notification-settings';

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
 * The date column, its date and its time apart: the full date-time of the user's language (lib/dates.ts) in the
 * appointment's own time zone, the time followed by the zone's abbreviation when it is not the facility's zone;
 * no time when it is not known.
 */
export function appointmentDateParts(
  appointment: Appointment,
  facilityTimeZoneId: string,
): { date: string; time: string | null } {
  const { date, time } = formatDateTimeParts(appointment.date, appointment.timeZoneId, appointment.hasTimePart);
  if (time === null) return { date, time };
  return appointment.timeZoneId === facilityTimeZoneId || !appointment.timeZoneAbbreviation
    ? { date, time }
    : { date, time: `${time} ${appointment.timeZoneAbbreviation}` };
}

/** The date column as one text (the row's label). */
export function appointmentDateText(appointment: Appointment, facilityTimeZoneId: string): string {
  const { date, time } = appointmentDateParts(appointment, facilityTimeZoneId);
  return time === null ? date : `${date} ${time}`;
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
