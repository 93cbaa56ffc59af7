import { queryOptions } from '@tanstack/react-query';
import type { HealthSummaryIdentifier } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/api-instance';
import { patientPath } from './paths';

/** GET .../MostRecentHealthSummary/{ifSystemId}: the system's newest summary; null when it has none (a 404). */
export const mostRecentQuery = (patientId: number, ifSystemId: number) =>
  queryOptions({
    queryKey: ['healthSummary', patientId, 'mostRecent', ifSystemId],
    queryFn: async () => {
      try {
        return await api.get<HealthSummaryIdentifier>(
          `${patientPath(patientId)}/MostRecentHealthSummary/${ifSystemId}`,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
