import type { SealedTokens } from './sealed-tokens';
import type { SessionCaller, SessionService } from './sessions';

/** How long a URL token opens its path: long enough to open a document, short enough to be useless later. */
export const URL_TOKEN_MS = 5 * 60_000;

interface UrlTokenPayload extends Record<string, unknown> {
  kind: 'url';
  sid: number;
  path: string;
}

/** The path of a request URL without its query string. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Tokens for `?token=` URLs (documents in frames, PDFs in new windows): sealed, bound to one session and one
 * exact path, valid URL_TOKEN_MS. A token stops working when its session ends, like the session's own.
 */
export class UrlTokens {
  constructor(
    private readonly sealed: SealedTokens,
    private readonly sessions: SessionService,
  ) {}

  issue(sessionId: number, path: string): string {
    const payload: UrlTokenPayload = { kind: 'url', sid: sessionId, path };
    return this.sealed.seal(payload, URL_TOKEN_MS);
  }

  /** The live caller the token was issued to, when it opens exactly this URL's path; else null. */
  async callerOf(token: string, requestUrl: string): Promise<SessionCaller | null> {
    const payload = this.sealed.open<UrlTokenPayload>(token);
    if (!payload || payload.kind !== 'url' || typeof payload.sid !== 'number') return null;
    if (payload.path !== pathOf(requestUrl)) return null;
    return this.sessions.liveCaller(payload.sid);
  }
}
