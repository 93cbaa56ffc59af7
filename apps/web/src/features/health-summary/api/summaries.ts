import { queryOptions } from '@tanstack/react-query';
import type { HealthSummaryEntry } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { systemPath } from './paths';

/** GET .../HealthSummary/{ifSystemId}?startDate&endDate: the system's summaries written in the range, newest first. */
export const rangeSummariesQuery = (patientId: number, ifSystemId: number, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: ['healthSummary', patientId, 'range', ifSystemId, startDate, endDate],
    queryFn: () => api.get<HealthSummaryEntry[]>(systemPath(patientId, ifSystemId), { query: { startDate, endDate } }),
    staleTime: 0,
  });

/**
 * GET .../HealthSummary/{ifSystemId}?ccdaId: one summary's entry (its versions and the file it holds), or null
 * when the list answers none.
 */
export const summaryEntryQuery = (patientId: number, ifSystemId: number, ccdaId: number) =>
  queryOptions({
    queryKey: ['healthSummary', patientId, 'entry', ifSystemId, ccdaId],
    queryFn: async () =>
      (await api.get<HealthSummaryEntry[]>(systemPath(patientId, ifSystemId), { query: { ccdaId } }))[0] ?? null,
    staleTime: 0,
  });
