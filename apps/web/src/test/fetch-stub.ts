import { vi } from 'vitest';

/** One request the app sent through `fetch`: its method, path (with query), headers and parsed JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** What the stub answers a request: a status and a JSON body. */
export interface StubAnswer {
  status?: number;
  json?: unknown;
}

/**
 * Replaces the network boundary (global `fetch`) for one test: every request is recorded, and `answer` says what
 * comes back (200 with `{}` unless it says otherwise). The app's own API client runs unchanged above it.
 */
export function stubFetch(answer: (request: SentRequest) => StubAnswer | undefined = () => undefined): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.replace(/^https?:\/\/[^/]+/, ''),
      headers,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    sent.push(request);
    const { status = 200, json = {} } = answer(request) ?? {};
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}
