import {
  DEFAULT_REMINDER_OFFSET,
  NOTIFICATION_SETTING_TYPES,
  NOTIFICATION_TYPE_FIELDS,
  cleanPhone,
  formatPhone,
  isDigestOffset,
  isValidEmail,
  type NotificationChannelField,
  type NotificationSettingType,
  type PatientNotificationSettings,
  type SaveNotificationSettings,
  type SystemReminderSettings,
} from '@portal/contracts';

// The notification settings form (spec 002 sections 3, 4, 5 and 8): its state, the defaults a patient who never
// saved starts from, the rows, the checks that block a save, and the body of the save.

export type ChannelValues = Record<NotificationChannelField, boolean>;

export interface NotificationForm extends ChannelValues {
  usePrimaryEmail: boolean;
  nonPrimaryEmailAddress: string;
  /** Digits only (the entry strips the rest). */
  smsPhoneNumber: string;
  appointmentReminderOffset: number;
  followUpReminderOffset: number;
}

/** One row of the settings table (the spec's notification row configuration). */
export interface NotificationRow {
  type: NotificationSettingType;
  emailProperty: NotificationChannelField;
  smsProperty: NotificationChannelField;
  /** Language-pack key of the row's label. */
  typeLabel: string;
  /** The facility offers the channel: the box can be ticked. */
  isEmailEnabled: boolean;
  isSmsEnabled: boolean;
  isEmailChecked: boolean;
  isSmsChecked: boolean;
}

const TYPE_LABELS: Record<NotificationSettingType, string> = {
  Appointments: 'accountSettings.notifications.type.appointments',
  Followups: 'accountSettings.notifications.type.followUps',
  SecureMessages: 'accountSettings.notifications.type.secureMessages',
  Questionnaires: 'accountSettings.notifications.type.questionnaires',
};

const ALL_OFF = Object.fromEntries(
  NOTIFICATION_SETTING_TYPES.flatMap((type) => [
    [NOTIFICATION_TYPE_FIELDS[type].email, false],
    [NOTIFICATION_TYPE_FIELDS[type].sms, false],
  ]),
) as ChannelValues;

/**
 * The form of a patient who never saved it (the GET answered 404, spec 002 section 8): nothing on, the primary
 * email, the facility's default timings (else the default id).
 */
export function defaultForm(system: SystemReminderSettings | undefined): NotificationForm {
  return {
    ...ALL_OFF,
    usePrimaryEmail: true,
    nonPrimaryEmailAddress: '',
    smsPhoneNumber: '',
    appointmentReminderOffset: system?.patientDefaultAppointmentReminderOffset ?? DEFAULT_REMINDER_OFFSET,
    followUpReminderOffset: system?.patientDefaultFollowUpReminderOffset ?? DEFAULT_REMINDER_OFFSET,
  };
}

/** The form from the saved settings. */
export function formFromSettings(saved: PatientNotificationSettings): NotificationForm {
  const channels = Object.fromEntries(
    Object.keys(ALL_OFF).map((field) => [field, saved[field as NotificationChannelField]]),
  ) as ChannelValues;
  return {
    ...channels,
    usePrimaryEmail: saved.usePrimaryEmail,
    nonPrimaryEmailAddress: saved.nonPrimaryEmailAddress ?? '',
    smsPhoneNumber: cleanPhone(saved.smsPhoneNumber ?? ''),
    appointmentReminderOffset: saved.appointmentReminderOffset,
    followUpReminderOffset: saved.followUpReminderOffset,
  };
}

/** A channel is offered when the facility's settings say so (unknown yet: not offered, so nothing is ticked by mistake). */
function offers(system: SystemReminderSettings | undefined, type: NotificationSettingType, channel: 'email' | 'sms') {
  const fields = NOTIFICATION_TYPE_FIELDS[type];
  return system?.[channel === 'email' ? fields.offersEmail : fields.offersSms] === true;
}

export function notificationRows(
  form: NotificationForm,
  system: SystemReminderSettings | undefined,
): NotificationRow[] {
  return NOTIFICATION_SETTING_TYPES.map((type) => {
    const fields = NOTIFICATION_TYPE_FIELDS[type];
    return {
      type,
      emailProperty: fields.email,
      smsProperty: fields.sms,
      typeLabel: TYPE_LABELS[type],
      isEmailEnabled: offers(system, type, 'email'),
      isSmsEnabled: offers(system, type, 'sms'),
      isEmailChecked: form[fields.email],
      isSmsChecked: form[fields.sms],
    };
  });
}

/** The digest hint shows while a digest is chosen for appointments or follow-ups. */
export function showDigestHint(form: NotificationForm): boolean {
  return isDigestOffset(form.appointmentReminderOffset) || isDigestOffset(form.followUpReminderOffset);
}

/** The channels that will really be saved: a box the facility does not offer counts as off. */
function effectiveChannels(form: NotificationForm, system: SystemReminderSettings | undefined): ChannelValues {
  const out = { ...ALL_OFF };
  for (const row of notificationRows(form, system)) {
    out[row.emailProperty] = row.isEmailEnabled && row.isEmailChecked;
    out[row.smsProperty] = row.isSmsEnabled && row.isSmsChecked;
  }
  return out;
}

export type FormProblem = 'emailRequired' | 'emailInvalid' | 'phoneRequired' | 'phoneInvalid';

/**
 * Why the form cannot be saved (spec 002 section 5; the spec shows no message, the page names the field): the
 * other email is not an address, an email notice is on without a valid address, the phone is not ten digits, a
 * text message notice is on without a phone. Empty: it can be saved.
 */
export function formProblems(
  form: NotificationForm,
  system: SystemReminderSettings | undefined,
  primaryEmail: string | null,
): Partial<Record<'email' | 'phone', FormProblem>> {
  const channels = effectiveChannels(form, system);
  const anyEmail = NOTIFICATION_SETTING_TYPES.some((type) => channels[NOTIFICATION_TYPE_FIELDS[type].email]);
  const anySms = NOTIFICATION_SETTING_TYPES.some((type) => channels[NOTIFICATION_TYPE_FIELDS[type].sms]);
  const other = form.nonPrimaryEmailAddress.trim();
  const problems: Partial<Record<'email' | 'phone', FormProblem>> = {};
  if (!form.usePrimaryEmail && other !== '' && !isValidEmail(other)) problems.email = 'emailInvalid';
  else if (anyEmail && form.usePrimaryEmail && !(primaryEmail && isValidEmail(primaryEmail)))
    problems.email = 'emailRequired';
  else if (anyEmail && !form.usePrimaryEmail && other === '') problems.email = 'emailRequired';
  const phone = cleanPhone(form.smsPhoneNumber);
  if (phone !== '' && phone.length !== 10) problems.phone = 'phoneInvalid';
  else if (anySms && phone === '') problems.phone = 'phoneRequired';
  return problems;
}

/** The body of PUT .../NotificationSettings. */
export function saveBody(form: NotificationForm, system: SystemReminderSettings | undefined): SaveNotificationSettings {
  const other = form.nonPrimaryEmailAddress.trim();
  const phone = cleanPhone(form.smsPhoneNumber);
  return {
    ...effectiveChannels(form, system),
    usePrimaryEmail: form.usePrimaryEmail,
    // The other address is kept while the primary one is used, so switching back finds it.
    nonPrimaryEmailAddress: other === '' || !isValidEmail(other) ? null : other,
    smsPhoneNumber: phone === '' ? null : phone,
    appointmentReminderOffset: form.appointmentReminderOffset,
    followUpReminderOffset: form.followUpReminderOffset,
  };
}

/** The phone as shown in its field: (xxx) xxx-xxxx for ten digits, xxx-xxxx for seven, else the digits. */
export function displayPhone(digits: string): string {
  return formatPhone(cleanPhone(digits));
}
