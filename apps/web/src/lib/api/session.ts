/**
 * Auth-session store, kept in sessionStorage (any Storage-like object, so tests can pass an
 * in-memory one).
 *
 * Keys: `access_token`, `refresh_token`, `expires` (epoch ms at which the token COUNTS as
 * expired), `loginType`, `isAuthenticated` ('true' / 'false'), `userName`, and `userId` once the
 * login profile has named it. The facility is kept under `facility` (JSON) and survives `clear()`.
 */
import { TIMING } from '@portal/contracts';

/** The subset of the Web Storage API the store (and the API client) uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear' | 'key' | 'length'>;

/** Answer of `POST /token` (success fields, or `error` / `error_description`). */
export interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  /** Lifetime of the access token, in seconds. */
  expires_in?: number;
  token_type?: string;
  loginType?: string;
  isEulaAccepted?: boolean;
  error?: string;
  error_description?: string;
}

export interface AuthSession {
  access_token: string;
  refresh_token: string;
  /** Epoch ms at which the token counts as expired (15 s before its reported lifetime ends). */
  expires: number;
  loginType: string;
  isAuthenticated: boolean;
  userName: string;
}

export interface SessionStore {
  /** The stored session, or null when there is no access token. */
  get(): AuthSession | null;
  /** Stores a successful token answer; `extra` wins over the answer's own `loginType`. */
  set(token: TokenResponse, extra: { loginType?: string; userName?: string }): AuthSession;
  /** True when there is no session or `now() >= expires`. */
  isExpired(): boolean;
  /** Removes every stored key except `facility` (logout). */
  clear(): void;
  /**
   * The user id the login profile gave this session, remembered so the next page load can ask for what
   * depends on it beside the profile instead of after it; null when not known (or not a whole number).
   */
  getUserId(): number | null;
  setUserId(userId: number): void;
  getFacility<T>(): T | null;
  /** Stores the facility as JSON; null / undefined removes it. */
  setFacility(facility: unknown): void;
}

export const SESSION_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  expires: 'expires',
  loginType: 'loginType',
  isAuthenticated: 'isAuthenticated',
  userName: 'userName',
  userId: 'userId',
} as const;

export const FACILITY_KEY = 'facility';

/** The token is taken as expired this long before its reported lifetime ends. */
export const TOKEN_EXPIRY_SKEW_MS = TIMING.tokenExpirySkewMs;

export function createSessionStore(storage: StorageLike, now: () => number): SessionStore {
  function get(): AuthSession | null {
    const accessToken = storage.getItem(SESSION_KEYS.accessToken);
    if (!accessToken) return null;
    const expires = Number(storage.getItem(SESSION_KEYS.expires));
    return {
      access_token: accessToken,
      refresh_token: storage.getItem(SESSION_KEYS.refreshToken) ?? '',
      // A missing or garbled expiry counts as already expired.
      expires: Number.isFinite(expires) ? expires : 0,
      loginType: storage.getItem(SESSION_KEYS.loginType) ?? '',
      isAuthenticated: storage.getItem(SESSION_KEYS.isAuthenticated) === 'true',
      userName: storage.getItem(SESSION_KEYS.userName) ?? '',
    };
  }

  function set(token: TokenResponse, extra: { loginType?: string; userName?: string }): AuthSession {
    if (typeof token.access_token !== 'string' || token.access_token === '') {
      throw new TypeError('Token response has no access_token');
    }
    const expiresIn = typeof token.expires_in === 'number' && Number.isFinite(token.expires_in) ? token.expires_in : 0;
    const session: AuthSession = {
      access_token: token.access_token,
      refresh_token: token.refresh_token ?? '',
      expires: now() + expiresIn * 1000 - TOKEN_EXPIRY_SKEW_MS,
      loginType: extra.loginType ?? token.loginType ?? '',
      isAuthenticated: true,
      userName: extra.userName ?? '',
    };
    storage.setItem(SESSION_KEYS.accessToken, session.access_token);
    storage.setItem(SESSION_KEYS.refreshToken, session.refresh_token);
    storage.setItem(SESSION_KEYS.expires, String(session.expires));
    storage.setItem(SESSION_KEYS.loginType, session.loginType);
    storage.setItem(SESSION_KEYS.isAuthenticated, 'true');
    storage.setItem(SESSION_KEYS.userName, session.userName);
    return session;
  }

  function isExpired(): boolean {
    const session = get();
    return session === null || now() >= session.expires;
  }

  function clear(): void {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && key !== FACILITY_KEY) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }

  function getUserId(): number | null {
    const raw = storage.getItem(SESSION_KEYS.userId);
    const userId = raw === null ? Number.NaN : Number(raw);
    return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  }

  function setUserId(userId: number): void {
    storage.setItem(SESSION_KEYS.userId, String(userId));
  }

  function getFacility<T>(): T | null {
    const raw = storage.getItem(FACILITY_KEY);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  }

  function setFacility(facility: unknown): void {
    if (facility === null || facility === undefined) storage.removeItem(FACILITY_KEY);
    else storage.setItem(FACILITY_KEY, JSON.stringify(facility));
  }

  return { get, set, isExpired, clear, getUserId, setUserId, getFacility, setFacility };
}
