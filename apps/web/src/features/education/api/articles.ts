import { queryOptions } from '@tanstack/react-query';
import type { EducationArticle } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { educationKey } from './keys';

/** GET /api/patients/{id}/education, with ?includeArchived=true when the archived box is ticked. */
export const educationArticlesQuery = (patientId: number, includeArchived: boolean) =>
  queryOptions({
    queryKey: [...educationKey(patientId), 'articles', includeArchived],
    queryFn: ({ signal }) =>
      api.get<EducationArticle[]>(`/api/patients/${patientId}/education`, {
        query: includeArchived ? { includeArchived: 'true' } : undefined,
        signal,
      }),
  });
