import { z } from 'zod';
import { IdParam } from './common';

// Module appointments (spec 001): appointments, the dashboard's upcoming items, notification settings. The browser imports only the types of this file.

/* ----------------------------------------------------------- appointments */

export const APPOINTMENT_DATE_FILTERS = ['All', 'Upcoming', 'Past'] as const;
export const APPOINTMENTS_DATE_PREFERENCE = 'PatientPortal_AppointmentsFilter_Date';

export const AppointmentLocationSchema = z.object({
  institution: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  city: z.string().nullable(),
  provinceState: z.string().nullable(),
  postalZip: z.string().nullable(),
  country: z.string().nullable(),
});

export const AppointmentSchema = z.object({
  id: z.number().int(),
  date: z.string().describe('ISO 8601 instant of the start'),
  hasTimePart: z.boolean(),
  timeZoneId: z.string().describe('IANA zone the appointment is held in'),
  timeZoneAbbreviation: z.string(),
  provider: z.string(),
  type: z.string(),
  location: z.string().describe('Short location for the table'),
  status: z.string(),
  isFiltered: z.boolean(),
  isUpcoming: z
    .boolean()
    .describe('Not started yet (a day-only one: until its day ends); the Upcoming and Past filters'),
  locationDetails: AppointmentLocationSchema,
});
export type Appointment = z.infer<typeof AppointmentSchema>;

export const AppointmentsResponseSchema = z.object({
  appointments: z.array(AppointmentSchema),
  statuses: z.array(z.string()),
  providers: z.array(z.string()),
  appointmentTypes: z.array(z.string()),
});
export type AppointmentsResponse = z.infer<typeof AppointmentsResponseSchema>;

export const UPCOMING_APPOINTMENT_TYPES = ['FollowUpAppointment', 'ExternalAppointment'] as const;

export const UpcomingAppointmentSchema = z.object({
  id: z.number().int(),
  upcomingAppointmentType: z.enum(UPCOMING_APPOINTMENT_TYPES),
  rawDate: z.string().describe('ISO 8601 instant (a follow-up without a booked time: the day at 12:00 UTC)'),
  date: z.string().describe('YYYY-MM-DD in the zone of the appointment'),
  hasTimePart: z.boolean(),
  timeZoneId: z.string().nullable().describe('IANA zone of the time shown (null when there is no time)'),
  timeZoneAbbreviation: z.string().nullable(),
  externalAppointmentType: z.string().nullable(),
  shortLocation: z.string().nullable(),
  status: z.string().nullable(),
  followUpLabel: z.string().nullable(),
  followUpLabelParts: z.object({ y: z.number().int(), m: z.number().int() }).nullable(),
  linkedToOtherTypeCount: z.number().int(),
});
export type UpcomingAppointment = z.infer<typeof UpcomingAppointmentSchema>;

export const UpcomingCountParams = z.object({
  patientId: IdParam,
  count: z.coerce.number().int().min(1).max(20),
});

export const NOTIFICATION_TYPES = ['Appointments', 'Followups'] as const;
export const NotificationSettingsSchema = z.object({
  patientSettings: z.object({ email: z.boolean(), sms: z.boolean() }),
});
