export { ApiError, createApiClient, isApiError, PORTAL_TYPE_HEADER, SESSION_TIMEOUT_MESSAGE } from './client';
export type { ApiClient, ApiErrorCode, ClientDeps, HttpMethod, PortalType, QueryValue, RequestOptions } from './client';
export { createSessionStore, FACILITY_KEY, SESSION_KEYS, TOKEN_EXPIRY_SKEW_MS } from './session';
export type { AuthSession, SessionStore, StorageLike, TokenResponse } from './session';
