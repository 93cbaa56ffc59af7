import { queryOptions } from '@tanstack/react-query';
import type { HealthSummaryIdentifier } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/api-instance';
import { identifierKey, identifierQuery } from '../lib/identifier';
import { systemPath } from './paths';

/**
 * GET .../HealthSummary/{ifSystemId}/html?ccdaId | startDate&endDate: the summary as an HTML fragment in the
 * reader's language (not yet cleaned: the page cleans it); null when no document matches (a 404). The server
 * records the view in the activity log as it answers.
 */
export const summaryHtmlQuery = (patientId: number, identifier: HealthSummaryIdentifier, language: string) =>
  queryOptions({
    queryKey: ['healthSummary', patientId, 'html', identifierKey(identifier), language],
    queryFn: async ({ signal }) => {
      try {
        return await api.get<string>(`${systemPath(patientId, identifier.ifSystemId)}/html`, {
          query: { ...identifierQuery(identifier), language },
          responseType: 'text',
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    // A view is one audited read: it is not asked again behind the reader's back.
    staleTime: Infinity,
    gcTime: 60_000,
  });
