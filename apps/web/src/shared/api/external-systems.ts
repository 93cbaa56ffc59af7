import { queryOptions } from '@tanstack/react-query';
import type { ExternalSystem } from '@portal/contracts';
import { answeredAhead, fetchAhead, getTakingAhead } from '../../lib/fetch-ahead';

export const externalSystemsPath = (patientId: number) => `/api/patients/${patientId}/externalSystems`;

/**
 * GET /api/patients/{id}/externalSystems: where the patient's clinical documents come from. The dashboard asks for
 * it ahead (whether its health summary panel shows).
 */
export const externalSystemsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['externalSystems', patientId],
    queryFn: ({ signal }) => getTakingAhead<ExternalSystem[]>(externalSystemsPath(patientId), signal),
    initialData: () => answeredAhead<ExternalSystem[]>(externalSystemsPath(patientId)),
    staleTime: 5 * 60_000,
  });

/** The document sources, asked for as the app starts on the dashboard (lib/fetch-ahead.ts), for its query to take. */
export const fetchExternalSystemsAhead = (patientId: number) =>
  fetchAhead<ExternalSystem[]>(externalSystemsPath(patientId));
