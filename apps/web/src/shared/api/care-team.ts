import { queryOptions } from '@tanstack/react-query';
import type { CareTeamMember } from '@portal/contracts';
import { answeredAhead, fetchAhead, getTakingAhead } from '../../lib/fetch-ahead';

/**
 * GET /api/patients/{id}/careTeamMembers: the care team the dashboard's cards show and from which New Message
 * offers its recipients, under one key, so coming from a care team card to New Message costs no second call.
 */
export const careTeamPath = (patientId: number) => `/api/patients/${patientId}/careTeamMembers`;

export const careTeamQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['careTeamMembers', patientId],
    queryFn: ({ signal }) => getTakingAhead<CareTeamMember[]>(careTeamPath(patientId), signal),
    initialData: () => answeredAhead<CareTeamMember[]>(careTeamPath(patientId)),
    staleTime: 5 * 60_000,
  });

/** The care team, asked for as the app starts on the dashboard (lib/fetch-ahead.ts), for its query to take. */
export const fetchCareTeamAhead = (patientId: number) => fetchAhead<CareTeamMember[]>(careTeamPath(patientId));
