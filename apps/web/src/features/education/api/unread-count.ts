import { api } from '../../../lib/api-instance';

/** GET /api/patients/{id}/education/UnreadCount: the new articles (unread, not archived), a plain number. */
export function fetchUnreadCount(patientId: number, signal?: AbortSignal): Promise<number> {
  return api.get<number>(`/api/patients/${patientId}/education/UnreadCount`, { signal });
}
