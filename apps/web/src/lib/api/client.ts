/**
 * Browser API client: portal-type header, bearer auth, token refresh (early expiry, one refresh
 * in flight, 401 retries) and error mapping to `ApiError`.
 *
 * All time goes through `deps.now` / `deps.sleep`, so tests run it on a fake clock.
 */
import { PORTAL_TYPE_HEADER, TIMING, type ErrorCode, type PortalType } from '@portal/contracts';
import { createSessionStore } from './session';
import type { AuthSession, SessionStore, StorageLike, TokenResponse } from './session';

export { PORTAL_TYPE_HEADER, type PortalType };
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export interface ClientDeps {
  /** '' in the browser (same origin). */
  baseUrl: string;
  fetch: typeof fetch;
  storage: StorageLike;
  /** Date.now in the app; fake in tests. */
  now: () => number;
  /** setTimeout-based in the app; fake in tests. */
  sleep: (ms: number) => Promise<void>;
  portalType: () => PortalType;
  /** Called once when a token refresh fails; the app shows the timeout message and logs out. */
  onSessionTimeout: () => void;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: Record<string, string>;
  /** Applied after the default Content-Type, so they can override it (e.g. json-patch). */
  headers?: Record<string, string>;
  /** Send `Authorization: Bearer ...`; defaults to true when a session exists. */
  auth?: boolean;
  signal?: AbortSignal;
  responseType?: 'json' | 'text' | 'blob';
}

export const SESSION_TIMEOUT_MESSAGE = 'Your session has timed out. Please log in again.';

// The spec's call rules (contracts): wait for another call's refresh in 100 ms steps, at most 300;
// retry a 401 three times, each after 100 ms and a refresh.
const REFRESH_WAIT_STEP_MS = TIMING.refreshWaitStepMs;
const REFRESH_WAIT_MAX_STEPS = TIMING.refreshWaitMaxSteps;
const MAX_401_RETRIES = TIMING.retryOn401Attempts;
const RETRY_401_DELAY_MS = TIMING.retryOn401WaitMs;

/** The codes the client gives an error no server answer named. */
export type ClientErrorCode =
  | 'network_error'
  | 'session_timeout'
  | 'invalid_response'
  | 'invalid_token_response'
  | 'refresh_timeout'
  | 'not_authenticated';

/** What an ApiError's code can be: a server's (the contract's list) or the client's own. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  /** HTTP status; 0 when no HTTP answer arrived (network error). */
  readonly status: number;
  /** `body.error` of the server's error body (or a client-side code such as 'network_error'). */
  readonly code: ApiErrorCode | undefined;
  readonly body: unknown;
  /** True when the session timed out; callers must not show an extra error for it. */
  readonly isSessionTimeout: boolean;

  constructor(init: {
    status: number;
    code: ApiErrorCode | undefined;
    message: string;
    body?: unknown;
    isSessionTimeout?: boolean;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.isSessionTimeout = init.isSessionTimeout ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T>;
  del<T>(path: string, options?: RequestOptions): Promise<T>;
  /** POST /token; on success stores the session (loginType from the answer, userName from form.username). */
  token(form: Record<string, string>, headers?: Record<string, string>): Promise<TokenResponse>;
  /** Refreshes the token (or waits for the refresh already under way). */
  refresh(): Promise<void>;
  session: SessionStore;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
}

function errorFromBody(status: number, body: unknown): ApiError {
  const fields = isRecord(body) ? body : {};
  // The contract lists every code the server sends; comparing against one outside it then fails typecheck.
  const code = typeof fields.error === 'string' ? (fields.error as ErrorCode) : undefined;
  const message =
    (typeof fields.message === 'string' && fields.message) ||
    (typeof fields.error_description === 'string' && fields.error_description) ||
    `Request failed with status ${status}`;
  return new ApiError({ status, code, message, body });
}

function networkError(cause: unknown): ApiError {
  return new ApiError({
    status: 0,
    code: 'network_error',
    message: 'Network error: the server could not be reached.',
    cause,
  });
}

function sessionTimeoutError(cause?: unknown): ApiError {
  return new ApiError({
    status: 401,
    code: 'session_timeout',
    message: SESSION_TIMEOUT_MESSAGE,
    body: cause instanceof ApiError ? cause.body : undefined,
    isSessionTimeout: true,
    cause,
  });
}

export function createApiClient(deps: ClientDeps): ApiClient {
  // Called as a plain function: `window.fetch` throws "Illegal invocation" when called as a
  // method of another object.
  const doFetch = deps.fetch;
  const session = createSessionStore(deps.storage, deps.now);
  let refreshing = false;

  /** One HTTP exchange: builds the request, maps failures to ApiError, parses the body. */
  async function send<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
    bearer: string | undefined,
  ): Promise<T> {
    const query = buildQuery(options.query);
    const url = deps.baseUrl + path + (query ? (path.includes('?') ? '&' : '?') + query : '');

    const headers = new Headers();
    let body: string | undefined;
    if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(options.form).toString();
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    headers.set(PORTAL_TYPE_HEADER, deps.portalType());
    if (bearer !== undefined) headers.set('Authorization', `Bearer ${bearer}`);

    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = body;
    if (options.signal) init.signal = options.signal;

    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      if (options.signal?.aborted) throw error; // let callers (react-query) see the abort as such
      throw networkError(error);
    }

    if (!response.ok) {
      let text = '';
      try {
        text = await response.text();
      } catch {
        // no readable body; fall through with the generic message
      }
      let errorBody: unknown = text === '' ? undefined : text;
      try {
        if (text !== '') errorBody = JSON.parse(text);
      } catch {
        // not JSON: keep the text as the body
      }
      throw errorFromBody(response.status, errorBody);
    }

    try {
      if (response.status === 204 || response.status === 205) return undefined as T;
      if (options.responseType === 'blob') return (await response.blob()) as T;
      const text = await response.text();
      if (options.responseType === 'text') return text as T;
      if (text === '') return undefined as T;
      try {
        return JSON.parse(text) as T;
      } catch (error) {
        throw new ApiError({
          status: response.status,
          code: 'invalid_response',
          message: 'The server sent an answer that is not valid JSON.',
          body: text,
          cause: error,
        });
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (options.signal?.aborted) throw error;
      throw networkError(error);
    }
  }

  /** POST /token without any auth logic; rejects on non-2xx or an `error` body. */
  async function postToken(form: Record<string, string>, headers?: Record<string, string>): Promise<TokenResponse> {
    const options: RequestOptions = { form };
    if (headers) options.headers = headers;
    const answer = await send<unknown>('POST', '/token', options, undefined);
    const body: TokenResponse = isRecord(answer) ? answer : {};
    if (body.error !== undefined || typeof body.access_token !== 'string' || body.access_token === '') {
      if (body.error !== undefined) throw errorFromBody(200, answer);
      throw new ApiError({
        status: 200,
        code: 'invalid_token_response',
        message: 'The token response has no access token.',
        body: answer,
      });
    }
    return body;
  }

  async function token(form: Record<string, string>, headers?: Record<string, string>): Promise<TokenResponse> {
    const answer = await postToken(form, headers);
    const extra: { loginType?: string; userName?: string } = {};
    if (answer.loginType !== undefined) extra.loginType = answer.loginType;
    if (form.username !== undefined) extra.userName = form.username;
    session.set(answer, extra);
    return answer;
  }

  /** Waits (in 100 ms steps, at most 300) while another call refreshes the token. */
  async function waitWhileRefreshing(): Promise<void> {
    for (let step = 0; refreshing; step++) {
      if (step >= REFRESH_WAIT_MAX_STEPS) {
        throw new ApiError({
          status: 0,
          code: 'refresh_timeout',
          message: 'Timed out waiting for the session to be refreshed.',
        });
      }
      await deps.sleep(REFRESH_WAIT_STEP_MS);
    }
  }

  async function refresh(): Promise<void> {
    if (refreshing) {
      await waitWhileRefreshing();
      // The refresh we waited for failed (it already reported the timeout) or the user logged out.
      if (session.get() === null) throw sessionTimeoutError();
      return;
    }

    const current = session.get();
    // No session: it already timed out (and was reported) or the user logged out.
    if (current === null) throw sessionTimeoutError();
    const usedRefreshToken = current.refresh_token;

    refreshing = true;
    let answer: TokenResponse | undefined;
    let failure: unknown;
    try {
      if (usedRefreshToken === '') throw new Error('No refresh token');
      answer = await postToken({
        grant_type: 'refresh_token',
        refresh_token: usedRefreshToken,
      });
    } catch (error) {
      failure = error;
    } finally {
      refreshing = false;
    }

    // The session may have changed while the refresh was in flight (logout, or a new login).
    const latest = session.get();
    if (latest === null) throw sessionTimeoutError(failure);
    if (latest.refresh_token !== usedRefreshToken) return; // a newer session replaced ours

    if (answer === undefined) {
      session.clear();
      try {
        deps.onSessionTimeout();
      } catch {
        // the app's handler must not turn the timeout into another kind of error
      }
      throw sessionTimeoutError(failure);
    }
    session.set(
      { ...answer, refresh_token: answer.refresh_token ?? usedRefreshToken },
      {
        loginType: answer.loginType ?? latest.loginType,
        userName: latest.userName,
      },
    );
  }

  /** A session whose token is not expired, refreshing (or waiting for a refresh) first. */
  async function freshSession(): Promise<AuthSession> {
    if (refreshing || session.isExpired()) await refresh();
    const current = session.get();
    if (current === null) throw sessionTimeoutError();
    return current;
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const useAuth = options.auth ?? session.get() !== null;
    if (!useAuth) return send<T>(method, path, options, undefined);

    if (session.get() === null && !refreshing) {
      throw new ApiError({
        status: 401,
        code: 'not_authenticated',
        message: 'You are not logged in.',
      });
    }
    for (let retry = 0; ; retry++) {
      options.signal?.throwIfAborted();
      const current = await freshSession();
      try {
        return await send<T>(method, path, options, current.access_token);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401 || retry >= MAX_401_RETRIES) throw error;
      }
      await deps.sleep(RETRY_401_DELAY_MS);
      options.signal?.throwIfAborted();
      await refresh();
    }
  }

  function withJson(json: unknown, options: RequestOptions | undefined): RequestOptions {
    return json === undefined ? { ...options } : { ...options, json };
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, withJson(json, options)),
    put: <T>(path: string, json?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, withJson(json, options)),
    patch: <T>(path: string, json?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, withJson(json, options)),
    del: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    token,
    refresh,
    session,
  };
}
