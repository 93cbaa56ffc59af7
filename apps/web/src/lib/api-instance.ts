import { isKioskMode } from '@portal/contracts';
import { createApiClient } from './api';
import { createMessageBarStore } from './message-bar-store';

/** The one message bar of the app. */
export const messageBar = createMessageBarStore();

/** Fired when the session ends without the user asking (refresh failed); the app goes to login. */
export const SESSION_ENDED_EVENT = 'portal:session-ended';

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
    messageBar.showSessionTimeout();
    api.session.clear();
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  },
});
