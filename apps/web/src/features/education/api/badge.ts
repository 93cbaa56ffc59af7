import type { BadgeSource } from '../../../lib/badges';

/** The header badge of Education. */
export const educationBadge: BadgeSource = () => Promise.resolve(0);
