import { isKioskMode } from '@portal/contracts';
import { createApiClient } from './api';
import { createMessageBarStore } from './message-bar-store';

/** The one message bar of the app. */
export const messageBar = createMessageBarStore();

/** Fired when the session ends without the user asking (refresh failed); the app goes to login. */
export const SESSION_ENDED_EVENT = 'portal:session-ended';

let loggingOut = false;

/**
 * Runs the logout's own calls: a session that can no longer be refreshed while the user is logging
 * out is no "session timeout" (no message, no second navigation), the logout already ends it.
 */
export async function whileLoggingOut<T>(work: () => Promise<T>): Promise<T> {
  loggingOut = true;
  try {
    return await work();
  } finally {
    loggingOut = false;
  }
}

/** The one API client of the app: bearer token, portal type, refresh and retry rules. */
export const api = createApiClient({
  baseUrl: '',
  fetch: (input, init) => fetch(input, init),
  storage: window.sessionStorage,
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  portalType: () => {
    const loginType = window.sessionStorage.getItem('loginType');
    return loginType?.toLowerCase() === 'patientkioskmanagement' && isKioskMode(window.location.pathname, loginType)
      ? 'kioskManagement'
      : 'patientPortal';
  },
  onSessionTimeout: () => {
    api.session.clear();
    if (loggingOut) return;
    messageBar.showSessionTimeout();
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  },
});

/**
 * Forgets every cached answer. Runs at logout and before a new login, so no user ever sees another's
 * cached data. The query cache is loaded on demand (it is not on the login page's path), so this
 * waits for it only when it has been loaded already.
 */
export async function forgetCachedUserData(): Promise<void> {
  const { queryClient } = await import('./query-client');
  queryClient.clear();
}
