import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-instance';
import { kioskKey } from './keys';

/** A facility the kiosk staff serves (the answer's PatientFacilitySchema; isHomeFacility: the staff's own). */
export interface KioskFacility {
  facilityId: number;
  facilityName: string;
  facilityShortName: string;
  isHomeFacility: boolean;
}

/** GET /api/kiosk/facilities: the facilities the kiosk staff serves, its own first (the facility selector). */
export const kioskFacilitiesQuery = () =>
  queryOptions({
    queryKey: [...kioskKey, 'facilities'],
    queryFn: ({ signal }) => api.get<KioskFacility[]>('/api/kiosk/facilities', { signal }),
  });
