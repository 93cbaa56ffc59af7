import type { BadgeSource } from '../../../lib/badges';

/** The header badge of TestResults. */
export const testResultsBadge: BadgeSource = () => Promise.resolve(0);
