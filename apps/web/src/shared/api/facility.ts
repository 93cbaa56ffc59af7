import type { Facility } from '@portal/contracts';
import { ApiError } from '../../lib/api';
import { api } from '../../lib/api-instance';

/**
 * GET /api/facilities?facilityAlias={host}: the facility this host serves, asked once per page load
 * (a 404 means no facility answers to this host; other failures are tried once more).
 */
export async function fetchFacility(alias: string): Promise<Facility> {
  const get = () => api.get<Facility>('/api/facilities', { query: { facilityAlias: alias }, auth: false });
  try {
    return await get();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw error;
    return get();
  }
}
