import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-instance';
import { medicalNotesKey } from './medical-notes';

/** GET /api/patients/{patientId}/medicalnotes/notReviewedCount: published notes the patient has not opened. */
export function fetchNotReviewedCount(patientId: number, signal?: AbortSignal): Promise<number> {
  return api
    .get<unknown>(`/api/patients/${patientId}/medicalnotes/notReviewedCount`, { signal })
    .then((count) => (typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0));
}

export const notReviewedCountQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...medicalNotesKey(patientId), 'notReviewedCount'],
    queryFn: ({ signal }) => fetchNotReviewedCount(patientId, signal),
  });
