import { queryOptions } from '@tanstack/react-query';
import type { LabResultListItem } from '@portal/contracts';
import { answeredAhead, fetchAhead, getTakingAhead } from '../../../lib/fetch-ahead';

/** The query key every lab results call of a patient starts with (the list, the count, each detail). */
export const labResultsKey = (patientId: number) => ['patient', patientId, 'labresults'] as const;

/** GET /api/patients/{patientId}/labresults/published: published results, newest first, with group names. */
export const labResultsPath = (patientId: number) => `/api/patients/${patientId}/labresults/published`;

export const labResultsQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...labResultsKey(patientId), 'published'],
    queryFn: ({ signal }) => getTakingAhead<LabResultListItem[]>(labResultsPath(patientId), signal),
    initialData: () => answeredAhead<LabResultListItem[]>(labResultsPath(patientId)),
  });

/** The published results, asked for as the app starts on the page (lib/fetch-ahead.ts), for its query to take. */
export const fetchLabResultsAhead = (patientId: number) => fetchAhead<LabResultListItem[]>(labResultsPath(patientId));
