import { withUrlToken } from '../../../shared/api/url-tokens';
import { articleContentPath } from '../lib/education';

/**
 * The URL of an article's document for a frame or a new window: /api/education/articles/{id}/content with a
 * short-lived ?token= (the frame and the window carry no bearer header).
 */
export function articleContentUrl(articleId: number): Promise<string> {
  return withUrlToken(articleContentPath(articleId));
}
