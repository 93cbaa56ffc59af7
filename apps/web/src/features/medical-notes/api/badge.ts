import type { BadgeSource } from '../../../lib/badges';
import { queryClient } from '../../../lib/query-client';
import { notReviewedCountQuery } from './not-reviewed-count';

/**
 * The header badge of MedicalNotes: the notes the patient has not reviewed. Read through the notes page's own
 * count query, so the header and the page, asking at once, make one call.
 */
export const medicalNotesBadge: BadgeSource = (patientId) => queryClient.fetchQuery(notReviewedCountQuery(patientId));
