import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { NOTICE_CHANNELS, NOTIFICATION_SETTING_TYPES } from '@portal/contracts';
import { tstz } from './columns';

// Notification settings (module notifications): per patient and notice type the channels, per patient the
// addresses and reminder timing, per facility the channels it offers. Mirrors migrations/0003_home.sql and
// 0029_notification_settings.sql.

export const notificationSettings = pgTable(
  'notification_settings',
  {
    patientId: integer('patient_id').notNull(),
    type: text('type', { enum: NOTIFICATION_SETTING_TYPES }).notNull(),
    email: boolean('email').notNull().default(false),
    sms: boolean('sms').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.type] })],
);

export const notificationPreferences = pgTable('notification_preferences', {
  patientId: integer('patient_id').primaryKey(),
  usePrimaryEmail: boolean('use_primary_email').notNull().default(true),
  nonPrimaryEmailAddress: text('non_primary_email_address'),
  /** Ten digits. */
  smsPhoneNumber: text('sms_phone_number'),
  /**
   * Where notices go now (migrations/0033): the last confirmed other address (null: the primary one) and SMS number
   * (null: none). A destination typed since is used only once confirmed.
   */
  noticeEmailAddress: text('notice_email_address'),
  noticeSmsPhoneNumber: text('notice_sms_phone_number'),
  /** Ids of REMINDER_TIMING_OPTIONS (packages/contracts/src/constants/notifications.ts). */
  appointmentReminderOffset: smallint('appointment_reminder_offset').notNull().default(1),
  followUpReminderOffset: smallint('follow_up_reminder_offset').notNull().default(1),
  updatedAt: tstz('updated_at')
    .notNull()
    .default(sql`now()`),
});

/** The system reminder settings: the channels a facility offers per notice type. No row: every channel. */
export const facilityReminderSettings = pgTable('facility_reminder_settings', {
  facilityId: integer('facility_id').primaryKey(),
  appointmentEmail: boolean('appointment_email').notNull().default(true),
  appointmentSms: boolean('appointment_sms').notNull().default(true),
  followUpEmail: boolean('follow_up_email').notNull().default(true),
  followUpSms: boolean('follow_up_sms').notNull().default(true),
  secureMessageEmail: boolean('secure_message_email').notNull().default(true),
  secureMessageSms: boolean('secure_message_sms').notNull().default(true),
  questionnaireEmail: boolean('questionnaire_email').notNull().default(true),
  questionnaireSms: boolean('questionnaire_sms').notNull().default(true),
  defaultAppointmentReminderOffset: smallint('default_appointment_reminder_offset').notNull().default(1),
  defaultFollowUpReminderOffset: smallint('default_follow_up_reminder_offset').notNull().default(1),
  updatedAt: tstz('updated_at')
    .notNull()
    .default(sql`now()`),
});

/** A destination a patient has confirmed, or is confirming with a code sent to it (migrations/0033). */
export const noticeDestinations = pgTable(
  'notice_destinations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    patientId: integer('patient_id').notNull(),
    channel: text('channel', { enum: NOTICE_CHANNELS }).notNull(),
    /** An email address in lower case, or ten digits. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: tstz('code_expires_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    requestedByUserId: integer('requested_by_user_id'),
    confirmedAt: tstz('confirmed_at'),
    createdAt: tstz('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('notice_destinations_unique').on(t.patientId, t.channel, t.destination)],
);
