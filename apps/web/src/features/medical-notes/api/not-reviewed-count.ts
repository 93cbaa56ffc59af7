import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-instance';
import { medicalNotesKey } from './medical-notes';

/** GET /api/patients/{patientId}/medicalnotes/notReviewedCount: published notes the patient has not opened. */
function fetchNotReviewedCount(patientId: number): Promise<number> {
  return api
    .get<unknown>(`/api/patients/${patientId}/medicalnotes/notReviewedCount`)
    .then((count) => (typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0));
}

export const notReviewedCountQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...medicalNotesKey(patientId), 'notReviewedCount'],
    // Not cancelled when the page that shows it goes: the header's badge reads through this query too.
    queryFn: () => fetchNotReviewedCount(patientId),
  });
