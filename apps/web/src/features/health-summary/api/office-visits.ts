import { queryOptions } from '@tanstack/react-query';
import type { OfficeVisit } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { patientPath } from './paths';

/** GET .../HealthSummary/OfficeVisits: the visits summaries were written about, newest first, of every system. */
export const officeVisitsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['healthSummary', patientId, 'officeVisits'],
    queryFn: () => api.get<OfficeVisit[]>(`${patientPath(patientId)}/HealthSummary/OfficeVisits`),
  });
