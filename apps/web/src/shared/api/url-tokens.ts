import type { UrlToken } from '@portal/contracts';
import { api } from '../../lib/api-instance';

/**
 * The URL of an API path that opens outside the API client (a document in a frame, a PDF in a new
 * window): the path with a short-lived ?token= bound to this session and to that path alone.
 */
export async function withUrlToken(path: string): Promise<string> {
  const { token } = await api.post<UrlToken>('/api/urlTokens', { path });
  return `${path}?token=${encodeURIComponent(token)}`;
}
