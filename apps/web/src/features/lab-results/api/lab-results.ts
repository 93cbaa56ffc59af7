import { queryOptions } from '@tanstack/react-query';
import type { LabResultListItem } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/** The query key every test results call of a patient starts with (the list, the count, each detail). */
export const labResultsKey = (patientId: number) => ['patient', patientId, 'labresults'] as const;

/** GET /api/patients/{patientId}/labresults/published: published results, newest first, with group names. */
export const labResultsQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...labResultsKey(patientId), 'published'],
    queryFn: ({ signal }) =>
      api.get<LabResultListItem[]>(`/api/patients/${patientId}/labresults/published`, { signal }),
  });
