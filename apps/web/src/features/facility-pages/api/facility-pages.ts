import { queryOptions } from '@tanstack/react-query';
import type { DownloadableItem, Faq, UsefulLinks } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

// The facility's pages in the language the portal shows (the key changes with it, so a switch reloads them).

/** GET /api/facilities/{facilityId}/faqs, by viewOrder. */
export const faqsQuery = (facilityId: number, language: string) =>
  queryOptions({
    queryKey: ['facilityPages', facilityId, 'faqs', language],
    queryFn: ({ signal }) => api.get<Faq[]>(`/api/facilities/${facilityId}/faqs`, { query: { language }, signal }),
  });

/** GET /api/facilities/{facilityId}/usefulLinks: the content page. */
export const usefulLinksQuery = (facilityId: number, language: string) =>
  queryOptions({
    queryKey: ['facilityPages', facilityId, 'usefulLinks', language],
    queryFn: ({ signal }) =>
      api.get<UsefulLinks>(`/api/facilities/${facilityId}/usefulLinks`, { query: { language }, signal }),
  });

/** GET /api/facilities/{facilityId}/downloadableContent, by viewOrder. */
export const downloadableItemsQuery = (facilityId: number, language: string) =>
  queryOptions({
    queryKey: ['facilityPages', facilityId, 'downloadableContent', language],
    queryFn: ({ signal }) =>
      api.get<DownloadableItem[]>(`/api/facilities/${facilityId}/downloadableContent`, {
        query: { language },
        signal,
      }),
  });
