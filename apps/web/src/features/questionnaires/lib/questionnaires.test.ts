import { describe, expect, it } from 'vitest';
import type { AssignedQuestionnaireSummary } from '@portal/contracts';
import { dayIn, formatDay } from '../../../lib/dates';
import {
  autoStartId,
  completePath,
  dueState,
  historyDay,
  idParam,
  isKioskFlow,
  originOf,
  reviewPath,
  scoringAction,
  scoringPath,
} from './questionnaires';

const summary = (id: number, patch: Partial<AssignedQuestionnaireSummary> = {}): AssignedQuestionnaireSummary => ({
  assignedQuestionnaireId: id,
  templateTitle: `Q${id}`,
  templateDescription: null,
  statusDescription: 'Assigned',
  dueDate: '2026-03-05',
  completedDate: null,
  isNew: true,
  hasDraft: false,
  answeredBy: null,
  ...patch,
});

describe('due or overdue', () => {
  it('is Due on and before the due day, Overdue from the next day', () => {
    expect(dueState('2026-03-05', '2026-03-04')).toBe('Due');
    expect(dueState('2026-03-05', '2026-03-05')).toBe('Due');
    expect(dueState('2026-03-05', '2026-03-06')).toBe('Overdue');
    expect(dueState('2025-12-31', '2026-01-01')).toBe('Overdue');
  });

  it("compares with the facility's today, not the browser's", () => {
    // 03:30 UTC on the 6th is still the 5th in New York: a questionnaire due the 5th is not overdue there yet.
    const now = new Date('2026-03-06T03:30:00Z');
    expect(dueState('2026-03-05', dayIn(now, 'America/New_York'))).toBe('Due');
    expect(dueState('2026-03-05', dayIn(now, 'Europe/Paris'))).toBe('Overdue');
  });
});

describe('the questionnaires’ date format', () => {
  it("is 'MMM DD, YYYY' with a two-digit day, never moved by a time zone", () => {
    expect(formatDay('2024-01-05', 'MMM DD, YYYY')).toBe('Jan 05, 2024');
    expect(formatDay('2026-11-30', 'MMM DD, YYYY')).toBe('Nov 30, 2026');
  });

  it('dates a completed one by the day it was completed at the facility', () => {
    const day = historyDay(summary(1, { completedDate: '2026-03-06T03:30:00Z', statusDescription: 'Completed' }));
    expect(day).toEqual({ value: '2026-03-06T03:30:00Z', isInstant: true });
    expect(formatDay(dayIn(day.value, 'America/New_York'), 'MMM DD, YYYY')).toBe('Mar 05, 2026');
  });

  it('dates a missed one by its due day', () => {
    expect(historyDay(summary(1, { statusDescription: 'Missed' }))).toEqual({ value: '2026-03-05', isInstant: false });
  });
});

describe('going straight to the only questionnaire', () => {
  it('starts it with the flag and exactly one current questionnaire', () => {
    expect(autoStartId('true', [summary(7)])).toBe(7);
    expect(autoStartId('True', [summary(7)])).toBe(7);
  });

  it('lists them otherwise', () => {
    expect(autoStartId(null, [summary(7)])).toBeNull();
    expect(autoStartId('false', [summary(7)])).toBeNull();
    expect(autoStartId('true', [])).toBeNull();
    expect(autoStartId('true', [summary(7), summary(8)])).toBeNull();
  });
});

describe('where a page returns to', () => {
  it('keeps a path of this portal', () => {
    expect(originOf('/questionnaires?view=history', false)).toBe('/questionnaires?view=history');
    expect(originOf('/patientKioskQuestionnaires', true)).toBe('/patientKioskQuestionnaires');
    expect(originOf('/dashboard', false)).toBe('/dashboard');
  });

  it('refuses other sites and defaults to the list of the mode', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(originOf(bad, false)).toBe('/questionnaires');
      expect(originOf(bad, true)).toBe('/patientKioskQuestionnaires');
    }
  });
});

describe('kiosk mode', () => {
  it('follows the login type, the page or the list it came from', () => {
    expect(isKioskFlow({ path: '/questionnaire-scoring', loginType: 'patientKioskUser' })).toBe(true);
    expect(isKioskFlow({ path: '/questionnaire-scoring', loginType: 'patientLinkUser' })).toBe(true);
    expect(isKioskFlow({ path: '/complete-kiosk-questionnaire', loginType: 'userNamePassword' })).toBe(true);
    expect(
      isKioskFlow({ path: '/questionnaire-scoring', origin: '/patientKioskQuestionnaires', loginType: null }),
    ).toBe(true);
    expect(
      isKioskFlow({ path: '/questionnaire-scoring', origin: '/questionnaires', loginType: 'userNamePassword' }),
    ).toBe(false);
  });

  it("offers 'Finish and exit' on the kiosk once none is left", () => {
    expect(scoringAction(true, 0)).toBe('finishAndExit');
    expect(scoringAction(true, 2)).toBe('back');
    expect(scoringAction(true, null)).toBe('wait');
    expect(scoringAction(false, 0)).toBe('back');
    expect(scoringAction(false, null)).toBe('back');
  });
});

describe('paths', () => {
  it('opens the kiosk’s own completion page in kiosk mode and names a non-default origin', () => {
    expect(completePath(4, { kiosk: false })).toBe('/complete-questionnaire?id=4');
    expect(completePath(4, { kiosk: false, from: '/questionnaires' })).toBe('/complete-questionnaire?id=4');
    expect(completePath(4, { kiosk: false, from: '/dashboard' })).toBe(
      '/complete-questionnaire?id=4&from=%2Fdashboard',
    );
    expect(completePath(4, { kiosk: true })).toBe('/complete-kiosk-questionnaire?id=4');
    expect(scoringPath(4, '/patientKioskQuestionnaires')).toBe(
      '/questionnaire-scoring?id=4&from=%2FpatientKioskQuestionnaires',
    );
    expect(reviewPath(9)).toBe('/review-questionnaire?id=9&from=%2Fquestionnaires%3Fview%3Dhistory');
  });

  it('reads an id only as a positive whole number', () => {
    expect(idParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '12abc', '99999999999']) expect(idParam(bad)).toBeNull();
  });
});
