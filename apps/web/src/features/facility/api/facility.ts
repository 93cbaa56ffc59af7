import { queryOptions } from '@tanstack/react-query';
import type { Facility } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/api-instance';

/** GET /api/facilities?facilityAlias={host}: the facility this host serves. */
export const facilityQuery = (alias: string) =>
  queryOptions({
    queryKey: ['facility', alias],
    queryFn: () => api.get<Facility>('/api/facilities', { query: { facilityAlias: alias }, auth: false }),
    staleTime: 10 * 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
