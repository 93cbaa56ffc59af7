// Follow-up plan (spec 002): constants the browser needs as values. No zod here (see the lint rule).

/** The values a follow-up item's statusDesc takes (spec 4). */
export const FOLLOW_UP_STATUS_DESCS = ['Pending', 'Completed', 'Missed', 'N/A'] as const;
export type FollowUpStatusDesc = (typeof FOLLOW_UP_STATUS_DESCS)[number];

/** The page's date filter (spec 4 and 9): every item, or only the upcoming ones. */
export const FOLLOW_UP_PLAN_FILTERS = ['All', 'Upcoming'] as const;
export type FollowUpPlanFilter = (typeof FOLLOW_UP_PLAN_FILTERS)[number];

/** The saved preference of that filter (spec 3, user preferences). */
export const FOLLOW_UP_PLAN_FILTER_PREFERENCE = 'PatientPortal_FollowupPlanFilter_Date';
