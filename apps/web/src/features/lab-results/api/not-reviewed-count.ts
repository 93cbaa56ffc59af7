import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-instance';
import { labResultsKey } from './lab-results';

/** GET /api/patients/{patientId}/labresults/NotReviewedCount: published results the patient has not opened. */
export function fetchNotReviewedCount(patientId: number, signal?: AbortSignal): Promise<number> {
  return api.get<number>(`/api/patients/${patientId}/labresults/NotReviewedCount`, { signal });
}

export const notReviewedCountQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...labResultsKey(patientId), 'notReviewedCount'],
    queryFn: ({ signal }) => fetchNotReviewedCount(patientId, signal),
  });
