import { queryOptions } from '@tanstack/react-query';
import type { CareTeamMember } from '@portal/contracts';
import { api } from '../../lib/api-instance';

/**
 * GET /api/patients/{id}/careTeamMembers: the care team the dashboard's cards show and from which New Message
 * offers its recipients, under one key, so coming from a care team card to New Message costs no second call.
 */
export const careTeamQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['careTeamMembers', patientId],
    queryFn: ({ signal }) => api.get<CareTeamMember[]>(`/api/patients/${patientId}/careTeamMembers`, { signal }),
    staleTime: 5 * 60_000,
  });
