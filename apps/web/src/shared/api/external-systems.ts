import { queryOptions } from '@tanstack/react-query';
import type { ExternalSystem } from '@portal/contracts';
import { api } from '../../lib/api-instance';

/** GET /api/patients/{id}/externalSystems: where the patient's clinical documents come from. */
export const externalSystemsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['externalSystems', patientId],
    queryFn: () => api.get<ExternalSystem[]>(`/api/patients/${patientId}/externalSystems`),
    staleTime: 5 * 60_000,
  });
