import { z } from 'zod';
import {
  NOTICE_CHANNELS,
  NOTICE_CONFIRMATION,
  NOTIFICATION_SETTING_TYPES,
  REMINDER_OFFSET_MAX,
  REMINDER_OFFSET_MIN,
} from '../constants/notifications';
import { REGISTRATION_CODED_FIELDS, type RegistrationCodedField } from '../rules/lookup-names';
import { cleanPhone } from '../rules/phone';
import { emailSchema } from './fields';

// Module notifications (spec 002 sections 2.8, 3, 5 and 7): a patient's notification settings, the channels the
// facility offers (system reminder settings) and the read-only registration details of the account settings page.
// The browser imports only the types of this file.

/* ------------------------------------------------------------- settings */

export const NotificationSettingsTypeQuery = z.object({
  type: z
    .enum(NOTIFICATION_SETTING_TYPES)
    .optional()
    .describe('One notice type: the answer is that type’s summary form { patientSettings: { email, sms } }'),
});

const reminderOffset = z.number().int().min(REMINDER_OFFSET_MIN).max(REMINDER_OFFSET_MAX);

/** The per-type channel booleans, in the spec's names. */
const channelFields = {
  appointmentEmailEnabled: z.boolean(),
  appointmentSmsEnabled: z.boolean(),
  followUpEmailEnabled: z.boolean(),
  followUpSmsEnabled: z.boolean(),
  secureMessageEmailEnabled: z.boolean(),
  secureMessageSmsEnabled: z.boolean(),
  questionnaireEmailEnabled: z.boolean(),
  questionnaireSmsEnabled: z.boolean(),
};
export type NotificationChannelField = keyof typeof channelFields;

export const PatientNotificationSettingsSchema = z.object({
  ...channelFields,
  usePrimaryEmail: z.boolean(),
  nonPrimaryEmailAddress: z.string().nullable(),
  smsPhoneNumber: z.string().nullable().describe('Ten digits, no punctuation'),
  appointmentReminderOffset: reminderOffset.describe('An id of REMINDER_TIMING_OPTIONS'),
  followUpReminderOffset: reminderOffset.describe('An id of REMINDER_TIMING_OPTIONS'),
  showAppointmentNotificationDigestHint: z
    .boolean()
    .describe('A digest is chosen for appointments or follow-ups: the page shows the digest hint'),
  primaryEmail: z
    .string()
    .nullable()
    .describe(
      'The patient’s primary address (the record’s, else the account’s once confirmed), for "use my primary email"',
    ),
  emailConfirmationPending: z
    .boolean()
    .describe('nonPrimaryEmailAddress is in use but not yet confirmed: a code was sent to it'),
  smsConfirmationPending: z.boolean().describe('smsPhoneNumber is not yet confirmed: a code was sent to it'),
  emailNoticesTo: z
    .string()
    .nullable()
    .describe('Where email notices go now: the confirmed other address, else the primary one (null: none)'),
  smsNoticesTo: z
    .string()
    .nullable()
    .describe('Where text message notices go now: the confirmed number, ten digits (null: none)'),
});
export type PatientNotificationSettings = z.infer<typeof PatientNotificationSettingsSchema>;

/** Empty or only whitespace counts as none (spec 002 section 5). */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const SaveNotificationSettingsSchema = z
  .object({
    ...channelFields,
    usePrimaryEmail: z.boolean(),
    nonPrimaryEmailAddress: z.preprocess(blankAsNull, emailSchema.nullable()).optional(),
    smsPhoneNumber: z
      .preprocess(
        blankAsNull,
        z
          .string()
          .max(40)
          .transform(cleanPhone)
          .refine((digits) => digits.length === 10, { error: 'The phone number must have 10 digits.' })
          .nullable(),
      )
      .optional(),
    appointmentReminderOffset: reminderOffset,
    followUpReminderOffset: reminderOffset,
    /** Computed by the server; accepted so the browser can send back what it read. */
    showAppointmentNotificationDigestHint: z.boolean().optional(),
    primaryEmail: z.string().nullable().optional(),
    emailConfirmationPending: z.boolean().optional(),
    smsConfirmationPending: z.boolean().optional(),
    emailNoticesTo: z.string().nullable().optional(),
    smsNoticesTo: z.string().nullable().optional(),
  })
  .strict();
export type SaveNotificationSettings = z.input<typeof SaveNotificationSettingsSchema>;
export type SaveNotificationSettingsBody = z.output<typeof SaveNotificationSettingsSchema>;

/* ------------------------------------------- confirming a new destination */

export const ConfirmNoticeDestinationSchema = z
  .object({
    channel: z.enum(NOTICE_CHANNELS).describe('email: the other address; sms: the SMS number'),
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^[0-9]{${NOTICE_CONFIRMATION.codeDigits}}$`), {
        error: `The code has ${NOTICE_CONFIRMATION.codeDigits} digits.`,
      })
      .describe('The code sent to the destination'),
  })
  .strict();
export type ConfirmNoticeDestination = z.infer<typeof ConfirmNoticeDestinationSchema>;

export const SendNoticeCodeSchema = z
  .object({ channel: z.enum(NOTICE_CHANNELS).describe('email: the other address; sms: the SMS number') })
  .strict();
export type SendNoticeCode = z.infer<typeof SendNoticeCodeSchema>;

/* ------------------------------------------------ system reminder settings */

export const SystemReminderSettingsSchema = z.object({
  patientAppointmentEmailEnabled: z.boolean(),
  patientAppointmentSmsEnabled: z.boolean(),
  patientFollowUpEmailEnabled: z.boolean(),
  patientFollowUpSmsEnabled: z.boolean(),
  patientSecureMessageEmailEnabled: z.boolean(),
  patientSecureMessageSmsEnabled: z.boolean(),
  patientQuestionnaireEmailEnabled: z.boolean(),
  patientQuestionnaireSmsEnabled: z.boolean(),
  patientDefaultAppointmentReminderOffset: reminderOffset,
  patientDefaultFollowUpReminderOffset: reminderOffset,
});
export type SystemReminderSettings = z.infer<typeof SystemReminderSettingsSchema>;

/* --------------------------------------------------- registration details */

const text = z.string().nullable();

export const RegistrationDetailsSchema = z.object({
  // Demographics
  fullName: z.string(),
  mrn: z.string(),
  gender: text,
  dateOfBirth: z.string().describe('YYYY-MM-DD'),
  birthCountry: text,
  ethnicity: text,
  race: text,
  religion: text,
  primaryLanguage: text,
  citizenship: text,
  maritalStatus: text,
  mothersMaidenName: text,
  occupation: text,
  // Contact information
  homePhone: text,
  mobilePhone: text,
  primaryEmail: text,
  preferredCommunication: text,
  address1: text,
  address2: text,
  city: text,
  state: text,
  zipCode: text,
  country: text,
  // Other
  insuranceNote: text,
  advancedDirectiveNote: text,
  isClinicalTrial: z.boolean(),
  clinicalTrialID: text,
  codes: z
    .object(
      Object.fromEntries(Object.keys(REGISTRATION_CODED_FIELDS).map((field) => [field, text])) as Record<
        RegistrationCodedField,
        typeof text
      >,
    )
    .describe(
      'The portal’s code of each coded value above (gender F, birthCountry US, state US.NY, maritalStatus M, ' +
        'race 2106-3...), recognised from the code or the English name the facility sent; null when the value is ' +
        'none the portal names. The browser names a coded value by its code in the reader’s language (language ' +
        'pack key lookups.<list>.<code>), else shows the value as sent.',
    ),
});
export type RegistrationDetails = z.infer<typeof RegistrationDetailsSchema>;
