import type { BadgeSource } from '../../../lib/badges';
import { fetchCountUnread } from './count-unread';

/** The envelope's badge (SecureMessages): current threads with an unread message. */
export const secureMessagesBadge: BadgeSource = (patientId) => fetchCountUnread(patientId);
