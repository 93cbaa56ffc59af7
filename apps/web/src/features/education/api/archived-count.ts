import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-instance';
import { educationKey } from './keys';

/** GET /api/patients/{id}/education/ArchivedCount: the N of 'Show archived (N)', a plain number. */
export const archivedCountQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...educationKey(patientId), 'ArchivedCount'],
    queryFn: ({ signal }) => api.get<number>(`/api/patients/${patientId}/education/ArchivedCount`, { signal }),
  });
