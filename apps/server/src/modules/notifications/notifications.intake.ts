import { NOTIFICATION_SETTING_TYPES, NOTIFICATION_TYPE_FIELDS, type NotificationChannelField } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { typedDestination } from './notice-destinations';
import { insertConfirmed, setNoticeDestinations } from './notice-destinations.repository';
import { saveSettings } from './notifications.repository';
import {
  upsertFacilityReminderSettings,
  upsertRegistrationDetails,
  type FacilityReminderValues,
  type RegistrationValues,
} from './notifications.intake.repository';
import type { IntegrationPatientId } from '../../platform/integration/integration-patients';

// How notification settings, the facility's channels and registration details come in without a person's request:
// the demo seed. (A patient's own changes go through PUT .../NotificationSettings and its checks.)

export interface NotificationSettingsRecord {
  channels: Partial<Record<NotificationChannelField, boolean>>;
  usePrimaryEmail: boolean;
  nonPrimaryEmailAddress: string | null;
  smsPhoneNumber: string | null;
  appointmentReminderOffset: number;
  followUpReminderOffset: number;
}

/** Replaces a patient's whole notification settings (every type; a channel left out is off). */
export async function putNotificationSettingsPage(
  tx: Tx,
  patientId: IntegrationPatientId,
  record: NotificationSettingsRecord,
): Promise<void> {
  await saveSettings(
    tx,
    patientId,
    NOTIFICATION_SETTING_TYPES.map((type) => ({
      type,
      email: record.channels[NOTIFICATION_TYPE_FIELDS[type].email] ?? false,
      sms: record.channels[NOTIFICATION_TYPE_FIELDS[type].sms] ?? false,
    })),
    {
      usePrimaryEmail: record.usePrimaryEmail,
      nonPrimaryEmailAddress: record.nonPrimaryEmailAddress,
      smsPhoneNumber: record.smsPhoneNumber,
      appointmentReminderOffset: record.appointmentReminderOffset,
      followUpReminderOffset: record.followUpReminderOffset,
    },
  );
  // What the facility gives is confirmed: notices go there at once.
  const other = typedDestination(record, 'email');
  await setNoticeDestinations(tx, patientId, {
    noticeEmailAddress: other,
    noticeSmsPhoneNumber: record.smsPhoneNumber,
  });
  await insertConfirmed(tx, patientId, [
    ...(other ? [{ channel: 'email' as const, destination: other }] : []),
    ...(record.smsPhoneNumber ? [{ channel: 'sms' as const, destination: record.smsPhoneNumber }] : []),
  ]);
}

/** Sets which channels a facility offers (no call: every channel). */
export function putFacilityReminderSettings(tx: Tx, facilityId: number, values: FacilityReminderValues) {
  return upsertFacilityReminderSettings(tx, facilityId, values);
}

/** Sets a patient's registration details (what the facility's registration system holds). */
export function putRegistrationDetails(tx: Tx, patientId: IntegrationPatientId, values: RegistrationValues) {
  return upsertRegistrationDetails(tx, patientId, values);
}
