import { describe, expect, it } from 'vitest';
import { notificationSummary, type PatientNotificationSettings, type SystemReminderSettings } from '@portal/contracts';
import {
  defaultForm,
  displayPhone,
  formFromSettings,
  formProblems,
  notificationRows,
  saveBody,
  showDigestHint,
  type NotificationForm,
} from './notification-form';

const EVERYTHING: SystemReminderSettings = {
  patientAppointmentEmailEnabled: true,
  patientAppointmentSmsEnabled: true,
  patientFollowUpEmailEnabled: true,
  patientFollowUpSmsEnabled: true,
  patientSecureMessageEmailEnabled: true,
  patientSecureMessageSmsEnabled: true,
  patientQuestionnaireEmailEnabled: true,
  patientQuestionnaireSmsEnabled: true,
  patientDefaultAppointmentReminderOffset: 1,
  patientDefaultFollowUpReminderOffset: 1,
};
const NO_SMS: SystemReminderSettings = {
  ...EVERYTHING,
  patientAppointmentSmsEnabled: false,
  patientFollowUpSmsEnabled: false,
  patientSecureMessageSmsEnabled: false,
  patientQuestionnaireSmsEnabled: false,
  patientDefaultAppointmentReminderOffset: 6,
};

const form = (changes: Partial<NotificationForm> = {}): NotificationForm => ({
  ...defaultForm(EVERYTHING),
  ...changes,
});

describe('the defaults (a 404: nothing saved)', () => {
  it('has nothing on, the primary email and the facility’s default timings', () => {
    expect(defaultForm(NO_SMS)).toMatchObject({
      appointmentEmailEnabled: false,
      questionnaireSmsEnabled: false,
      usePrimaryEmail: true,
      nonPrimaryEmailAddress: '',
      smsPhoneNumber: '',
      appointmentReminderOffset: 6,
      followUpReminderOffset: 1,
    });
    expect(defaultForm(undefined).appointmentReminderOffset).toBe(1);
  });
});

describe('the saved settings', () => {
  it('fill the form, the phone as digits', () => {
    const saved = {
      ...defaultForm(EVERYTHING),
      followUpSmsEnabled: true,
      nonPrimaryEmailAddress: null,
      smsPhoneNumber: '5185550187',
      showAppointmentNotificationDigestHint: true,
      primaryEmail: 'jane@example.com',
    } as PatientNotificationSettings;
    expect(formFromSettings(saved)).toMatchObject({
      followUpSmsEnabled: true,
      nonPrimaryEmailAddress: '',
      smsPhoneNumber: '5185550187',
    });
  });
});

describe('the rows', () => {
  it('list the four types in order, enabled only where the facility offers the channel', () => {
    const rows = notificationRows(form({ appointmentSmsEnabled: true }), NO_SMS);
    expect(rows.map((r) => r.type)).toEqual(['Appointments', 'Followups', 'SecureMessages', 'Questionnaires']);
    expect(rows[0]).toMatchObject({
      isEmailEnabled: true,
      isSmsEnabled: false,
      isSmsChecked: true,
      smsProperty: 'appointmentSmsEnabled',
    });
    expect(notificationRows(form(), undefined).every((r) => !r.isEmailEnabled && !r.isSmsEnabled)).toBe(true);
  });
});

describe('the checks that block a save', () => {
  it('pass with nothing on', () => {
    expect(formProblems(form(), EVERYTHING, null)).toEqual({});
  });

  it('need a valid primary email for an email notice', () => {
    const on = form({ appointmentEmailEnabled: true });
    expect(formProblems(on, EVERYTHING, null)).toEqual({ email: 'emailRequired' });
    expect(formProblems(on, EVERYTHING, 'not-an-address')).toEqual({ email: 'emailRequired' });
    expect(formProblems(on, EVERYTHING, 'jane@example.com')).toEqual({});
  });

  it('need the other email when it is chosen, and a valid one whenever it is typed', () => {
    const other = form({ secureMessageEmailEnabled: true, usePrimaryEmail: false });
    expect(formProblems(other, EVERYTHING, 'jane@example.com')).toEqual({ email: 'emailRequired' });
    expect(formProblems({ ...other, nonPrimaryEmailAddress: '  ' }, EVERYTHING, null)).toEqual({
      email: 'emailRequired',
    });
    expect(formProblems({ ...other, nonPrimaryEmailAddress: 'jane@' }, EVERYTHING, null)).toEqual({
      email: 'emailInvalid',
    });
    expect(formProblems({ ...other, nonPrimaryEmailAddress: 'jane@example.org' }, EVERYTHING, null)).toEqual({});
    expect(formProblems(form({ usePrimaryEmail: false, nonPrimaryEmailAddress: 'x' }), EVERYTHING, null)).toEqual({
      email: 'emailInvalid',
    });
  });

  it('need a phone of ten digits for a text message notice', () => {
    const sms = form({ questionnaireSmsEnabled: true });
    expect(formProblems(sms, EVERYTHING, null)).toEqual({ phone: 'phoneRequired' });
    expect(formProblems({ ...sms, smsPhoneNumber: '555012' }, EVERYTHING, null)).toEqual({ phone: 'phoneInvalid' });
    expect(formProblems({ ...sms, smsPhoneNumber: '5185550187' }, EVERYTHING, null)).toEqual({});
  });

  it('ignore a box the facility does not offer', () => {
    expect(formProblems(form({ questionnaireSmsEnabled: true }), NO_SMS, null)).toEqual({});
  });
});

describe('the save', () => {
  it('sends the channels offered, null for empty addresses, the phone as digits', () => {
    const body = saveBody(
      form({
        appointmentSmsEnabled: true,
        followUpEmailEnabled: true,
        smsPhoneNumber: '(518) 555-0187',
        nonPrimaryEmailAddress: ' ',
      }),
      NO_SMS,
    );
    expect(body).toMatchObject({
      appointmentSmsEnabled: false,
      followUpEmailEnabled: true,
      nonPrimaryEmailAddress: null,
      smsPhoneNumber: '5185550187',
      usePrimaryEmail: true,
    });
  });
});

describe('the digest hint', () => {
  it('shows while a digest is chosen for appointments or follow-ups', () => {
    expect(showDigestHint(form({ appointmentReminderOffset: 1, followUpReminderOffset: 0 }))).toBe(true);
    expect(showDigestHint(form({ appointmentReminderOffset: 0, followUpReminderOffset: 2 }))).toBe(true);
    expect(showDigestHint(form({ appointmentReminderOffset: 9, followUpReminderOffset: 0 }))).toBe(false);
  });
});

describe('phone display (spec 002 section 5)', () => {
  it('formats 10 and 7 digits, leaves other lengths', () => {
    expect(displayPhone('5185550187')).toBe('(518) 555-0187');
    expect(displayPhone('5550187')).toBe('555-0187');
    expect(displayPhone('51855')).toBe('51855');
  });
});

describe('the summary of a preference', () => {
  it('reads Off, Email, SMS or Email and SMS', () => {
    expect(notificationSummary({ email: false, sms: false })).toBe('off');
    expect(notificationSummary({ email: true, sms: false })).toBe('email');
    expect(notificationSummary({ email: false, sms: true })).toBe('sms');
    expect(notificationSummary({ email: true, sms: true })).toBe('emailAndSms');
  });
});
