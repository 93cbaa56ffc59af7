export const LIMITS = {
  subject: 100,
  messageText: 2000,
  textAnswer: 2000,
  zipCode: 20,
  healthSummaryMessage: 2000,
  usernameMin: 4,
  usernameMax: 100,
  nameMax: 100,
  emailMin: 5,
  /** An address as SMTP carries it (RFC 5321 path). */
  emailMax: 254,
  passwordMax: 256,
  pinMax: 12,
  mrnMax: 40,
  ssnLength: 9,
  suffixMax: 20,
  addressLineMax: 100,
  /** City, state and country names. */
  placeMax: 60,
  /** A phone number as typed, with punctuation. */
  phoneMax: 30,
  upcomingAppointments: 4,
  appointmentDaysAheadLabel: 7,
  appointmentStatusCut: 30,
  testResultFreeTextThreshold: 20,
  downloadFrameRemoveMs: 5000,
  loadingIndicatorDelayMs: 500,
  sliderMaxMarks: 10,
  replyRows: 5,
  emailMessageRows: 3,
  secureSendMessageRows: 3,
} as const;

export const TIMING = {
  tokenExpirySkewMs: 15000,
  retryOn401Attempts: 3,
  retryOn401WaitMs: 100,
  refreshWaitStepMs: 100,
  refreshWaitMaxSteps: 300,
} as const;

export const DATE_FORMATS = {
  fullDateTime: 'MM/DD/YYYY h:mm A',
  questionnaire: 'MMM DD, YYYY',
  list: 'll',
  treatmentSummary: 'L',
  // date-fns tokens (used by the date picker), unlike the dayjs tokens above
  picker: 'MMM d, yyyy',
  apiDate: 'YYYY-MM-DD',
} as const;

export const DEFAULT_REMINDER_SETTING_ID = 1;
