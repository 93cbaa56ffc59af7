import { queryOptions } from '@tanstack/react-query';
import type { Content, PublicContentKey } from '@portal/contracts';
import { ApiError } from '../../lib/api';
import { api } from '../../lib/api-instance';

/**
 * GET api/content/{key}/facilityToken/{facilityId}?language for a facility's text (terms, privacy, the
 * authorization statement, Contact Us), GET api/content/{key}?language for product-wide text
 * (accessibility help).
 */
export const contentQuery = (contentKey: PublicContentKey, language: string, facilityId?: number) =>
  queryOptions({
    queryKey: ['content', contentKey, language, facilityId ?? null],
    queryFn: ({ signal }) =>
      api.get<Content>(
        facilityId === undefined
          ? `/api/content/${contentKey}`
          : `/api/content/${contentKey}/facilityToken/${facilityId}`,
        { query: { language }, auth: false, signal },
      ),
    staleTime: 30 * 60_000,
  });

/** The facility has written no text under the key (a 404, or a 400 for the key). */
export function isContentMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
