import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_REMINDER_OFFSET, NOTIFICATION_SETTING_TYPES, type NotificationSettingType } from '@portal/contracts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  facilityReminderSettings,
  notificationPreferences,
  notificationSettings,
  patients,
  users,
} from '../../db/schema/index';

// What each patient wants to be told of and where (the settings of the account settings page, module
// notifications), read in one query by whatever sends notices (the reminder scheduler, the immediate notices).
// Here in platform because no module imports another.

export type ChannelChoice = { email: boolean; sms: boolean };

export interface NotificationPreference {
  patientId: number;
  facilityId: number;
  /**
   * The address mail notices go to: the patient's primary address (the record's, else the account's once
   * confirmed) or the other address they gave once it is confirmed; null when there is none.
   */
  email: string | null;
  /** Ten digits, the number confirmed; null: none. */
  smsPhoneNumber: string | null;
  /**
   * Per notice type, the channels to use: chosen by the patient, offered by the facility, and with an address
   * (email false without one, sms false without a phone). A patient who never saved the page has none.
   */
  channels: Record<NotificationSettingType, ChannelChoice>;
  /** Ids of REMINDER_TIMING_OPTIONS: the patient's, else the facility's default, else DEFAULT_REMINDER_OFFSET. */
  appointmentReminderOffset: number;
  followUpReminderOffset: number;
  /** The language to write in: the patient's preferred one, else the account's; null: the facility's. */
  language: string | null;
}

/**
 * A patient's primary address: the one the facility registered, else their account's once they confirmed it (an
 * address typed into the account but never confirmed gets no notices).
 */
export const PRIMARY_EMAIL = sql<
  string | null
>`coalesce(${patients.emailAddress}, case when ${users.isEmailConfirmed} then ${users.email} end)`;

const chosen = (type: NotificationSettingType, channel: 'email' | 'sms') =>
  sql<boolean>`coalesce(bool_or(${notificationSettings[channel]}) filter (where ${notificationSettings.type} = ${type}), false)`;

/** The facility offers a channel for a type: no row of system reminder settings offers every channel. */
const offered = (column: PgColumn) => sql<boolean>`coalesce(bool_or(${column}), true)`;

const OFFER_COLUMNS = {
  appointmentEmail: facilityReminderSettings.appointmentEmail,
  appointmentSms: facilityReminderSettings.appointmentSms,
  followUpEmail: facilityReminderSettings.followUpEmail,
  followUpSms: facilityReminderSettings.followUpSms,
  secureMessageEmail: facilityReminderSettings.secureMessageEmail,
  secureMessageSms: facilityReminderSettings.secureMessageSms,
  questionnaireEmail: facilityReminderSettings.questionnaireEmail,
  questionnaireSms: facilityReminderSettings.questionnaireSms,
} as const;

/** The columns of system reminder settings of each notice type. */
export const OFFER_COLUMN_OF: Record<
  NotificationSettingType,
  { email: keyof typeof OFFER_COLUMNS; sms: keyof typeof OFFER_COLUMNS }
> = {
  Appointments: { email: 'appointmentEmail', sms: 'appointmentSms' },
  Followups: { email: 'followUpEmail', sms: 'followUpSms' },
  SecureMessages: { email: 'secureMessageEmail', sms: 'secureMessageSms' },
  Questionnaires: { email: 'questionnaireEmail', sms: 'questionnaireSms' },
};

/**
 * The notification preferences of the given patients, one entry per patient that exists (in no particular
 * order), in one query.
 */
export async function findNotificationPreferences(
  db: DbOrTx,
  patientIds: readonly number[],
): Promise<NotificationPreference[]> {
  const ids = [...new Set(patientIds)];
  if (ids.length === 0) return [];
  const choices = Object.fromEntries(
    NOTIFICATION_SETTING_TYPES.flatMap((type) => [
      [`${type}:email`, chosen(type, 'email')],
      [`${type}:sms`, chosen(type, 'sms')],
    ]),
  );
  const offers = Object.fromEntries(Object.entries(OFFER_COLUMNS).map(([name, column]) => [name, offered(column)]));
  const rows = await db
    .select({
      patientId: patients.id,
      facilityId: patients.homeFacilityId,
      primaryEmail: PRIMARY_EMAIL,
      language: sql<string | null>`coalesce(${patients.preferredLanguage}, ${users.preferredLanguage})`,
      usePrimaryEmail: notificationPreferences.usePrimaryEmail,
      // Where notices go: the destinations confirmed, never one typed and not yet confirmed (notice-destinations.ts).
      otherEmail: notificationPreferences.noticeEmailAddress,
      smsPhoneNumber: notificationPreferences.noticeSmsPhoneNumber,
      appointmentOffset: notificationPreferences.appointmentReminderOffset,
      followUpOffset: notificationPreferences.followUpReminderOffset,
      defaultAppointmentOffset: facilityReminderSettings.defaultAppointmentReminderOffset,
      defaultFollowUpOffset: facilityReminderSettings.defaultFollowUpReminderOffset,
      ...(choices as Record<string, ReturnType<typeof chosen>>),
      ...(offers as Record<string, ReturnType<typeof offered>>),
    })
    .from(patients)
    .leftJoin(users, eq(users.id, patients.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.patientId, patients.id))
    .leftJoin(facilityReminderSettings, eq(facilityReminderSettings.facilityId, patients.homeFacilityId))
    .leftJoin(notificationSettings, eq(notificationSettings.patientId, patients.id))
    .where(inArray(patients.id, ids))
    .groupBy(patients.id, users.id, notificationPreferences.patientId, facilityReminderSettings.facilityId);

  return rows.map((row) => {
    const values = row as unknown as Record<string, boolean>;
    const primary = row.primaryEmail ?? null;
    // The other address until it is confirmed is no address: notices keep going to the primary one.
    const email = (row.usePrimaryEmail ?? true) ? primary : (row.otherEmail ?? primary);
    const smsPhoneNumber = row.smsPhoneNumber ?? null;
    const channels = Object.fromEntries(
      NOTIFICATION_SETTING_TYPES.map((type) => [
        type,
        {
          email: values[`${type}:email`] === true && values[OFFER_COLUMN_OF[type].email] !== false && email !== null,
          sms: values[`${type}:sms`] === true && values[OFFER_COLUMN_OF[type].sms] !== false && smsPhoneNumber !== null,
        },
      ]),
    ) as Record<NotificationSettingType, ChannelChoice>;
    return {
      patientId: row.patientId,
      facilityId: row.facilityId,
      email,
      smsPhoneNumber,
      channels,
      appointmentReminderOffset: row.appointmentOffset ?? row.defaultAppointmentOffset ?? DEFAULT_REMINDER_OFFSET,
      followUpReminderOffset: row.followUpOffset ?? row.defaultFollowUpOffset ?? DEFAULT_REMINDER_OFFSET,
      language: row.language,
    };
  });
}
