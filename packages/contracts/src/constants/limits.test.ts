import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, DEFAULT_REMINDER_SETTING_ID, LIMITS, TIMING } from './limits';

describe('limits', () => {
  it('has the agreed field limits', () => {
    expect(LIMITS).toEqual({
      subject: 100,
      messageText: 2000,
      textAnswer: 2000,
      zipCode: 20,
      healthSummaryMessage: 2000,
      usernameMin: 4,
      usernameMax: 100,
      nameMax: 100,
      emailMin: 5,
      emailMax: 254,
      passwordMax: 256,
      pinMax: 12,
      mrnMax: 40,
      ssnLength: 9,
      suffixMax: 20,
      addressLineMax: 100,
      placeMax: 60,
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
    });
  });

  it('has the agreed timings', () => {
    expect(TIMING).toEqual({
      tokenExpirySkewMs: 15000,
      retryOn401Attempts: 3,
      retryOn401WaitMs: 100,
      refreshWaitStepMs: 100,
      refreshWaitMaxSteps: 300,
    });
  });

  it('has the agreed date formats', () => {
    expect(DATE_FORMATS).toEqual({
      fullDateTime: 'MM/DD/YYYY h:mm A',
      questionnaire: 'MMM DD, YYYY',
      list: 'll',
      treatmentSummary: 'L',
      picker: 'MMM d, yyyy',
      apiDate: 'YYYY-MM-DD',
    });
  });

  it('defaults the reminder setting to 1', () => {
    expect(DEFAULT_REMINDER_SETTING_ID).toBe(1);
  });
});
