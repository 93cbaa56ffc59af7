import { queryOptions } from '@tanstack/react-query';
import type { FacilityContact } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/** GET /api/facilities/{facilityId}/contacts: the facility's phone list, by its sort order. */
export const facilityContactsQuery = (facilityId: number) =>
  queryOptions({
    queryKey: ['facilityContacts', facilityId],
    queryFn: () => api.get<FacilityContact[]>(`/api/facilities/${facilityId}/contacts`, { auth: false }),
    staleTime: 30 * 60_000,
  });
