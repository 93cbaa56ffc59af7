import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { emailSchema } from './fields';
import { IdParam } from './common';

// Home (spec 001): appointments, follow-up items on the dashboard, care team, personal contacts,
// lookups, invitations, notification settings and preferences. The browser imports only types.

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
export const NotificationSettingsQuery = z.object({ type: z.enum(NOTIFICATION_TYPES) });
export const NotificationSettingsSchema = z.object({
  patientSettings: z.object({ email: z.boolean(), sms: z.boolean() }),
});

/* -------------------------------------------------------------- care team */

export const CareTeamMemberSchema = z.object({
  careTeamId: z.number().int(),
  patientId: z.number().int(),
  careProviderId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  suffix: z.string().nullable(),
  publicEmail: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  publicPhone: z.string().nullable(),
  publicPhoneExt: z.string().nullable(),
  fax: z.string().nullable(),
  institution: z.string().nullable(),
  careProviderTitleValue: z.string().nullable(),
  careProviderTitle: z.string().nullable(),
  photoFilename: z.string().nullable(),
  photoThumbnailFilename: z.string().nullable().describe('Served at /api/images/userprofileimage/{fileName}'),
  preferredSecureMessageIfSystemId: z.number().int().nullable(),
  secureMessageRecipientForPatient: z.boolean(),
});
export type CareTeamMember = z.infer<typeof CareTeamMemberSchema>;

/* ---------------------------------------------------------------- lookups */

export const RelationshipSchema = z.object({ relationshipId: z.number().int(), relationshipDisplay: z.string() });
export const CountrySchema = z.object({
  countryId: z.number().int(),
  countryNameDisplay: z.string(),
  sortOrder: z.number().int(),
});
export const StateSchema = z.object({
  stateId: z.number().int(),
  countryId: z.number().int(),
  stateNameDisplay: z.string(),
});
export const PreferredCommunicationSchema = z.object({
  preferredCommunicationId: z.number().int(),
  preferredCommunicationCode: z.string(),
  preferredCommunicationDisplay: z.string(),
});
export const LanguageLookupSchema = z.object({
  languageId: z.number().int(),
  languageCode: z.string(),
  displayName: z.string(),
});

/* ------------------------------------------------------- personal contacts */

export const ContactUserInfoSchema = z.object({
  userName: z.string(),
  isEmailConfirmed: z.boolean(),
  isLockedOut: z.boolean(),
  minutesLeftBeforeLockoutExpires: z.number().int(),
});

export const PersonalContactSchema = z.object({
  contactId: z.number().int(),
  patientId: z.number().int(),
  contactFirstName: z.string(),
  contactLastName: z.string(),
  suffix: z.string().nullable(),
  relationshipId: z.number().int().nullable(),
  relationship: z.string().nullable(),
  isPrimaryContact: z.boolean(),
  isNextOfKin: z.boolean(),
  providesTransport: z.boolean(),
  usePatientAddress: z.boolean(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  homePhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  workPhone: z.string().nullable(),
  isOkToLeaveMsgHome: z.boolean(),
  isOkToLeaveMsgMobile: z.boolean(),
  isOkToLeaveMsgWork: z.boolean(),
  contactEmail: z.string().nullable(),
  preferredCommunicationId: z.number().int().nullable(),
  communicationLanguageId: z.number().int().nullable(),
  isActive: z.boolean(),
  isAuthorizedRepresentativeActive: z.boolean(),
  authorizedRepresentativeUserId: z.number().int().nullable(),
  invitationId: z.number().int().nullable().describe('The newest invitation, if any'),
  isInvitationLocked: z.boolean(),
  isInvitationExpired: z.boolean(),
  userInfo: ContactUserInfoSchema.nullable(),
});
export type PersonalContact = z.infer<typeof PersonalContactSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : (v ?? null)));
/** Formatted as typed ('(518) 555-0142'); stored as digits. */
const phone = optionalText(30)
  .transform((v) => (v === null ? null : v.replace(/\D/g, '') || null))
  .refine((v) => v === null || /^\d{7,15}$/.test(v), '7 to 15 digits');

/** Saved by PUT /api/patients/{patientId}/contacts: a contactId of 0 (or none) adds a contact. */
export const ContactUpsertSchema = z
  .object({
    contactId: z.number().int().min(0).optional(),
    contactFirstName: z.string().trim().min(1).max(LIMITS.nameMax),
    contactLastName: z.string().trim().min(1).max(LIMITS.nameMax),
    suffix: optionalText(20),
    relationshipId: z.number().int().positive(),
    isPrimaryContact: z.boolean().default(false),
    isNextOfKin: z.boolean().default(false),
    providesTransport: z.boolean().default(false),
    usePatientAddress: z.boolean().default(false),
    address1: optionalText(100),
    address2: optionalText(100),
    city: optionalText(60),
    state: optionalText(60),
    country: optionalText(60),
    zipCode: optionalText(LIMITS.zipCode),
    homePhone: phone,
    mobilePhone: phone,
    workPhone: phone,
    isOkToLeaveMsgHome: z.boolean().default(false),
    isOkToLeaveMsgMobile: z.boolean().default(false),
    isOkToLeaveMsgWork: z.boolean().default(false),
    contactEmail: emailSchema
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    preferredCommunicationId: z.number().int().positive().nullable().optional(),
    communicationLanguageId: z.number().int().positive(),
  })
  .strict();
export type ContactUpsert = z.input<typeof ContactUpsertSchema>;

export const ContactParams = z.object({ patientId: IdParam, contactId: IdParam });
export const ContactAccessQuery = z.object({ authorized: z.enum(['true', 'false']).transform((v) => v === 'true') });

/* ------------------------------------------------------------ invitations */

export const InviteExistsSchema = z.object({ exists: z.boolean() });
export const InvitationCreatedSchema = z.object({
  invitationId: z.number().int(),
  pin: z.string().describe('Shown once to the patient, who gives it to the contact; never in the email'),
  email: z.string(),
  pinPdfToken: z.string().describe('For GET /api/invitations/{invitationId}/pinpdf?token=, valid 10 minutes'),
});
export const PinPdfQuery = z.object({ token: z.string().min(10).max(1000) });

/* ------------------------------------------------------------ preferences */

export const PreferencesQuery = z.object({
  name: z.string().max(100).optional(),
  names: z.string().max(1000).optional().describe('Comma-separated names'),
});

export const HOME_ERRORS = [
  'contactEmailRequiredForInvite',
  'resetContactPasswordEmailNotConfirmed',
  'failedSendingEmail',
  'primary_contact_exists',
] as const;

/* ------------------------------------------------------------- contact us */

export const FacilityContactSchema = z.object({
  contactName: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type FacilityContact = z.infer<typeof FacilityContactSchema>;
