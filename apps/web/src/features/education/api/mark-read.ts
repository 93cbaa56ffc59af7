import { api } from '../../../lib/api-instance';

/** PUT /api/education/articles/{id}/read: the article was opened (harmless when it was read before). */
export function markArticleRead(articleId: number): Promise<void> {
  return api.put<void>(`/api/education/articles/${articleId}/read`);
}
