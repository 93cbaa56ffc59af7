import { queryOptions } from '@tanstack/react-query';
import type { TreatmentSummaryResponse } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/**
 * GET /api/patients/{patientId}/treatmentSummary. Loading it is viewing it: the server answers each item's
 * reviewed flag as it was and marks everything seen. So each visit of the page loads it once and keeps that
 * answer (with its new dots) while the page shows; leaving the page drops it, and the next visit asks again.
 */
export const treatmentSummaryQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patient', patientId, 'treatmentSummary'],
    queryFn: ({ signal }) =>
      api.get<TreatmentSummaryResponse>(`/api/patients/${patientId}/treatmentSummary`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
