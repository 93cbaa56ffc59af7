import type { Tx } from '../db/client';
import {
  putFacilityReminderSettings,
  putNotificationSettingsPage,
  putRegistrationDetails,
} from '../modules/notifications/notifications.intake';
import type { DemoContext } from './demo-context';
import { seededPatientId } from '../platform/integration/integration-patients';

/**
 * Notification settings of the demo (spec 002, 2.8): Jane gets email and SMS (her mobile), her appointment
 * reminders a day before and a monthly digest of follow-ups; Sam (Lakeside) email only, because Lakeside offers no
 * SMS at all. John has saved nothing (the page shows the defaults). Jane's registration details fill the
 * read-only part of the page. Runs after the appointments seed, whose Appointments and Follow-ups rows it keeps.
 */
export async function seedDemoNotificationSettings(tx: Tx, context: DemoContext): Promise<void> {
  await putNotificationSettingsPage(tx, seededPatientId(context.janeId), {
    channels: {
      appointmentEmailEnabled: true,
      followUpEmailEnabled: true,
      followUpSmsEnabled: true,
      secureMessageEmailEnabled: true,
      secureMessageSmsEnabled: true,
      questionnaireEmailEnabled: true,
    },
    usePrimaryEmail: true,
    nonPrimaryEmailAddress: null,
    smsPhoneNumber: '5185550187',
    appointmentReminderOffset: 9,
    followUpReminderOffset: 1,
  });

  await putFacilityReminderSettings(tx, context.lakesideId, {
    appointmentSms: false,
    followUpSms: false,
    secureMessageSms: false,
    questionnaireSms: false,
  });
  await putNotificationSettingsPage(tx, seededPatientId(context.samId), {
    channels: { appointmentEmailEnabled: true, secureMessageEmailEnabled: true },
    usePrimaryEmail: true,
    nonPrimaryEmailAddress: null,
    smsPhoneNumber: null,
    appointmentReminderOffset: 6,
    followUpReminderOffset: 0,
  });

  await putRegistrationDetails(tx, seededPatientId(context.janeId), {
    birthCountry: 'United States',
    ethnicity: 'Not Hispanic or Latino',
    race: 'White',
    religion: 'Methodist',
    primaryLanguage: 'English',
    citizenship: 'United States',
    maritalStatus: 'Married',
    mothersMaidenName: 'Whitaker',
    occupation: 'Librarian',
    preferredCommunication: 'Email',
    insuranceNote: 'Empire Plan (NYSHIP), member since 2009',
    advancedDirectiveNote: 'Health care proxy on file (Robert Doe)',
    isClinicalTrial: false,
    clinicalTrialId: null,
  });
}
