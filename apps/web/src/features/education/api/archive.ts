import type { EducationArchive } from '@portal/contracts';
import { api } from '../../../lib/api-instance';

/** PUT /api/education/articles/{id}/archived (our addition to the spec's calls): archive or bring back. */
export function setArticleArchived(articleId: number, isArchived: boolean): Promise<void> {
  const body: EducationArchive = { isArchived };
  return api.put<void>(`/api/education/articles/${articleId}/archived`, body);
}
