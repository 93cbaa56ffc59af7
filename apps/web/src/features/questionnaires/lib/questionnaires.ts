import { isKioskMode, type AssignedQuestionnaireSummary } from '@portal/contracts';

// The questionnaire pages' rules (spec 001 sections 2 to 4), free of React so they are tested alone.

export type DueState = 'Due' | 'Overdue';

/**
 * Due or Overdue, by comparing the due day with today (the facility's today): a questionnaire due today is
 * Due until the day is over.
 */
export function dueState(dueDate: string, today: string): DueState {
  return dueDate.slice(0, 10) < today ? 'Overdue' : 'Due';
}

/**
 * Where the page goes at once, or null to show the list: with the flag (`isAutoRedirect` on /questionnaires,
 * `startIfOnlyOne` on the kiosk page) and exactly one current questionnaire, straight to completing it.
 */
export function autoStartId(flag: string | null, current: readonly AssignedQuestionnaireSummary[]): number | null {
  if (flag?.toLowerCase() !== 'true' || current.length !== 1) return null;
  return current[0]!.assignedQuestionnaireId;
}

export const QUESTIONNAIRES_PATH = '/questionnaires';
export const KIOSK_QUESTIONNAIRES_PATH = '/patientKioskQuestionnaires';
export const HISTORY_PATH = '/questionnaires?view=history';

/** The list a questionnaire was opened from when nothing says: the kiosk's own list in kiosk mode. */
export function defaultOrigin(kiosk: boolean): string {
  return kiosk ? KIOSK_QUESTIONNAIRES_PATH : QUESTIONNAIRES_PATH;
}

/**
 * The page to return to (the `from` of the address): a path of this portal only (never another site, '//host'
 * or a backslash trick), else the default list.
 */
export function originOf(from: string | null | undefined, kiosk: boolean): string {
  const value = (from ?? '').trim();
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value) || value.includes('://')) {
    return defaultOrigin(kiosk);
  }
  return value;
}

/** Kiosk mode of a questionnaire page: the kiosk or link login types, or a kiosk path it came from or is on. */
export function isKioskFlow(input: {
  path: string;
  origin?: string | null;
  loginType: string | null | undefined;
}): boolean {
  return isKioskMode(input.path, input.loginType) || isKioskMode(input.origin ?? '', null);
}

function withQuery(path: string, query: Record<string, string | number>): string {
  return `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
}

/** The completion page of one questionnaire: the kiosk's own path in kiosk mode (spec 001 section 2). */
export function completePath(id: number, options: { kiosk: boolean; from?: string }): string {
  const path = options.kiosk ? '/complete-kiosk-questionnaire' : '/complete-questionnaire';
  return withQuery(
    path,
    options.from && options.from !== defaultOrigin(options.kiosk) ? { id, from: options.from } : { id },
  );
}

export function scoringPath(id: number, from: string): string {
  return withQuery('/questionnaire-scoring', { id, from });
}

export function reviewPath(id: number, from: string = HISTORY_PATH): string {
  return withQuery('/review-questionnaire', { id, from });
}

/** The id of the address (?id=): a positive whole number, else null. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The scoring page's way on: on the kiosk, 'Finish and exit' once none is left to complete (the patient had a
 * single one, or has done them all); otherwise back to the list.
 */
export function scoringAction(kiosk: boolean, remaining: number | null): 'finishAndExit' | 'back' | 'wait' {
  if (!kiosk) return 'back';
  if (remaining === null) return 'wait';
  return remaining === 0 ? 'finishAndExit' : 'back';
}

/** The day a history item shows: when it was completed or declined; a missed one, its due day. */
export function historyDay(item: Pick<AssignedQuestionnaireSummary, 'completedDate' | 'dueDate'>): {
  value: string;
  isInstant: boolean;
} {
  return item.completedDate
    ? { value: item.completedDate, isInstant: true }
    : { value: item.dueDate, isInstant: false };
}
