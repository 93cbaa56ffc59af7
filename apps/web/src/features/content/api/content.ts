import { queryOptions } from '@tanstack/react-query';
import type { Content, PublicContentKey } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/**
 * GET api/content/{key}/facilityToken/{facilityId}?language for a facility's text (terms, privacy),
 * GET api/content/{key}?language for product-wide text (accessibility help).
 */
export const contentQuery = (contentKey: PublicContentKey, language: string, facilityId?: number) =>
  queryOptions({
    queryKey: ['content', contentKey, language, facilityId ?? null],
    queryFn: () =>
      api.get<Content>(
        facilityId === undefined
          ? `/api/content/${contentKey}`
          : `/api/content/${contentKey}/facilityToken/${facilityId}`,
        { query: { language }, auth: false },
      ),
    staleTime: 30 * 60_000,
  });
