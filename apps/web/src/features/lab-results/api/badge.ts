import type { BadgeSource } from '../../../lib/badges';
import { fetchNotReviewedCount } from './not-reviewed-count';

/** The header badge of TestResults: published results not yet reviewed. */
export const testResultsBadge: BadgeSource = (patientId) => fetchNotReviewedCount(patientId);
