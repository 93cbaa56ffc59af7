import { queryOptions } from '@tanstack/react-query';
import type { Content, FacilityContactSchema } from '@portal/contracts';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/api-instance';

export type FacilityContact = z.infer<typeof FacilityContactSchema>;

/** The content key of the facility's Contact Us instructions. */
export const CONTACT_US_CONTENT_KEY = 'ContactUs';

/**
 * GET api/content/ContactUs/facilityToken/{facilityId}?language: the facility's instructions, or null when
 * it has written none (a 404 or 400 for the key; other failures are errors).
 */
export const contactUsContentQuery = (facilityId: number, language: string) =>
  queryOptions({
    queryKey: ['content', CONTACT_US_CONTENT_KEY, language, facilityId],
    queryFn: async (): Promise<Content | null> => {
      try {
        return await api.get<Content>(`/api/content/${CONTACT_US_CONTENT_KEY}/facilityToken/${facilityId}`, {
          query: { language },
          auth: false,
        });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    staleTime: 30 * 60_000,
  });

/** GET /api/facilities/{facilityId}/contacts: the facility's phone list, by its sort order. */
export const facilityContactsQuery = (facilityId: number) =>
  queryOptions({
    queryKey: ['facilityContacts', facilityId],
    queryFn: () => api.get<FacilityContact[]>(`/api/facilities/${facilityId}/contacts`, { auth: false }),
    staleTime: 30 * 60_000,
  });
