import type { BadgeSource } from '../../../lib/badges';
import { fetchNotReviewedCount } from './not-reviewed-count';

/** The header badge of the TestResults module: published results not yet reviewed. */
export const labResultsBadge: BadgeSource = (patientId) => fetchNotReviewedCount(patientId);
