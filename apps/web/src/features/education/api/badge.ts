import type { BadgeSource } from '../../../lib/badges';
import { fetchUnreadCount } from './unread-count';

/** The header badge of Education: the new articles (unread and not archived). */
export const educationBadge: BadgeSource = (patientId) => fetchUnreadCount(patientId);
