import { ACTIVITY_LOG_DEFAULT_YEARS } from '@portal/contracts';
import { addMonths } from '../../../components/date-field';

// The activity log's dates (spec 002, 2.9, 5 and 9), free of React: both required ('Required'), by default one
// year back to today. Days are 'YYYY-MM-DD' strings.

export interface ActivityLogRange {
  startDate: string | null;
  endDate: string | null;
}

export type ActivityLogErrors = Partial<Record<'startDate' | 'endDate', string>>;

export const REQUIRED = 'common.required';

export function defaultActivityLogRange(today: string): ActivityLogRange {
  return { startDate: addMonths(today, -12 * ACTIVITY_LOG_DEFAULT_YEARS), endDate: today };
}

/** The pack key of each empty date's message; none when both are given. */
export function validateActivityLogRange(range: ActivityLogRange): ActivityLogErrors {
  const errors: ActivityLogErrors = {};
  if (!range.startDate) errors.startDate = REQUIRED;
  if (!range.endDate) errors.endDate = REQUIRED;
  return errors;
}
