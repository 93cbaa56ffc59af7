// Notification settings (spec 002 sections 2.8, 3 and 9): the notice types a patient chooses channels for, and the
// reminder timing options, shared by the server (which validates, stores and schedules by them) and the browser
// (which offers them).

/** The notice types of the settings page, in its row order (the stored `type` of each per-type row). */
export const NOTIFICATION_SETTING_TYPES = ['Appointments', 'Followups', 'SecureMessages', 'Questionnaires'] as const;
export type NotificationSettingType = (typeof NOTIFICATION_SETTING_TYPES)[number];

/** The channels a notice can go by. */
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * How a reminder timing option works: `off` sends no reminder; `digest` sends one mail per period listing what
 * is coming (weekly or monthly); `before` sends one reminder `days` days before the appointment or follow-up
 * (0: on the day itself).
 */
export type ReminderTiming =
  { kind: 'off' } | { kind: 'digest'; period: 'weekly' | 'monthly' } | { kind: 'before'; days: number };

export interface ReminderTimingOption {
  /** The stored id (appointmentReminderOffset, followUpReminderOffset). */
  id: number;
  /** A stable name: the key of its label in the language packs (reminderTiming.<name>). */
  name: string;
  timing: ReminderTiming;
}

/**
 * The reminder timing options in the spec's order, their ids counted from 0 in that order (so the spec's default
 * id 1 is the Monthly Digest). Stored ids must stay as they are: add new options at the end.
 */
export const REMINDER_TIMING_OPTIONS: readonly ReminderTimingOption[] = [
  { id: 0, name: 'off', timing: { kind: 'off' } },
  { id: 1, name: 'monthlyDigest', timing: { kind: 'digest', period: 'monthly' } },
  { id: 2, name: 'weeklyDigest', timing: { kind: 'digest', period: 'weekly' } },
  { id: 3, name: 'fourWeeksBefore', timing: { kind: 'before', days: 28 } },
  { id: 4, name: 'threeWeeksBefore', timing: { kind: 'before', days: 21 } },
  { id: 5, name: 'twoWeeksBefore', timing: { kind: 'before', days: 14 } },
  { id: 6, name: 'oneWeekBefore', timing: { kind: 'before', days: 7 } },
  { id: 7, name: 'threeDaysBefore', timing: { kind: 'before', days: 3 } },
  { id: 8, name: 'twoDaysBefore', timing: { kind: 'before', days: 2 } },
  { id: 9, name: 'oneDayBefore', timing: { kind: 'before', days: 1 } },
  { id: 10, name: 'onDayOf', timing: { kind: 'before', days: 0 } },
];

export const REMINDER_OFFSET_OFF = 0;
export const REMINDER_OFFSET_MIN = 0;
export const REMINDER_OFFSET_MAX = REMINDER_TIMING_OPTIONS.length - 1;
/** The default reminder setting id (spec 002 section 9): a facility without its own default uses it. */
export const DEFAULT_REMINDER_OFFSET = 1;

/** The timing of a stored id; an unknown id counts as Off, so nothing is sent on a value nobody chose. */
export function reminderTiming(id: number): ReminderTiming {
  return REMINDER_TIMING_OPTIONS.find((o) => o.id === id)?.timing ?? { kind: 'off' };
}

/** A digest option is chosen: the page shows the digest hint (showAppointmentNotificationDigestHint). */
export function isDigestOffset(id: number): boolean {
  return reminderTiming(id).kind === 'digest';
}

/** Digits of an SMS phone number, as stored and sent: ten, no punctuation (the entry strips the rest). */
export const SMS_PHONE_DIGITS = 10;

/**
 * The audit event of a saved notification settings page (PUT /api/patients/{id}/NotificationSettings): its detail
 * names the fields that changed, never an address or a number.
 */
export const NOTIFICATION_SETTINGS_CHANGE_AUDIT_EVENT = 'notificationsettingschangeauditevent';

/**
 * A new notice destination (another email address, an SMS number) is confirmed before anything is sent there
 * (issue 31, finding 9): a code of codeDigits digits goes to it, good for codeMinutes and maxAttempts tries.
 */
export const NOTICE_CHANNELS = ['email', 'sms'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const NOTICE_CONFIRMATION = { codeDigits: 6, codeMinutes: 30, maxAttempts: 5 } as const;

/** The audit event of a code sent to a new destination, and of a confirmation tried (detail: channel, outcome). */
export const NOTICE_CODE_SENT_AUDIT_EVENT = 'noticecodesentauditevent';
export const NOTICE_DESTINATION_CONFIRM_AUDIT_EVENT = 'noticedestinationconfirmauditevent';

/**
 * The fields of each notice type: the patient's channel choices (notification settings) and the facility's offer
 * (system reminder settings), in the spec's names.
 */
export const NOTIFICATION_TYPE_FIELDS = {
  Appointments: {
    email: 'appointmentEmailEnabled',
    sms: 'appointmentSmsEnabled',
    offersEmail: 'patientAppointmentEmailEnabled',
    offersSms: 'patientAppointmentSmsEnabled',
  },
  Followups: {
    email: 'followUpEmailEnabled',
    sms: 'followUpSmsEnabled',
    offersEmail: 'patientFollowUpEmailEnabled',
    offersSms: 'patientFollowUpSmsEnabled',
  },
  SecureMessages: {
    email: 'secureMessageEmailEnabled',
    sms: 'secureMessageSmsEnabled',
    offersEmail: 'patientSecureMessageEmailEnabled',
    offersSms: 'patientSecureMessageSmsEnabled',
  },
  Questionnaires: {
    email: 'questionnaireEmailEnabled',
    sms: 'questionnaireSmsEnabled',
    offersEmail: 'patientQuestionnaireEmailEnabled',
    offersSms: 'patientQuestionnaireSmsEnabled',
  },
} as const satisfies Record<NotificationSettingType, Record<'email' | 'sms' | 'offersEmail' | 'offersSms', string>>;

/** How a preference reads (spec 002 section 4): Off when none is on, Email or SMS when one, 'Email and SMS' when both. */
export type NotificationSummary = 'off' | 'email' | 'sms' | 'emailAndSms';

export function notificationSummary(settings: { email: boolean; sms: boolean }): NotificationSummary {
  if (settings.email && settings.sms) return 'emailAndSms';
  if (settings.email) return 'email';
  if (settings.sms) return 'sms';
  return 'off';
}
