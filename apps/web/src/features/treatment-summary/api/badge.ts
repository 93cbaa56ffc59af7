import type { BadgeSource } from '../../../lib/badges';

/** The header badge of TreatmentSummary. */
export const treatmentSummaryBadge: BadgeSource = () => Promise.resolve(0);
