import type { BadgeSource } from '../../../lib/badges';
import { queryClient } from '../../../lib/query-client';
import { countUnreadQuery } from './count-unread';

/**
 * The envelope's badge (SecureMessages): current threads with an unread message. Read through the messages
 * page's own count query, so the header and the page, asking at once, make one call.
 */
export const secureMessagesBadge: BadgeSource = (patientId) => queryClient.fetchQuery(countUnreadQuery(patientId));
