import { queryOptions } from '@tanstack/react-query';
import type { LabResult } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { labResultsKey } from './lab-results';

/**
 * GET /api/patients/{patientId}/labresults/{labResultId}: one result with its groups and tests. The server
 * marks it reviewed as it answers, so the list and the count are asked again afterwards.
 */
export const labResultQuery = (patientId: number, labResultId: number) =>
  queryOptions({
    queryKey: [...labResultsKey(patientId), 'detail', labResultId],
    queryFn: ({ signal }) => api.get<LabResult>(`/api/patients/${patientId}/labresults/${labResultId}`, { signal }),
    // Every selection is a read of health information the server audits: choosing a result again asks
    // again (the cached copy shows meanwhile).
    staleTime: 0,
  });
