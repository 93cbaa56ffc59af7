import type { LoginProfile } from '@portal/contracts';

// A login page knows where it goes next before it goes there: it starts that page's code as the credentials
// are sent, and its first calls as soon as the login profile says whose record it shows, so the page after
// Log In arrives with its answers instead of asking for them once its code has loaded (issue 32, finding 9).
// The routes are the app's (app/router.tsx), which a feature cannot import: the app registers how at start.

export interface PagePreloader {
  /** The code of the routes `path` matches. */
  code: (path: string) => void;
  /** The code and, for a page behind the login, its first calls for the session `profile` describes. */
  afterLogin: (path: string, profile: LoginProfile) => void;
}

let preloader: PagePreloader | null = null;

/** Set once by the app as it starts. */
export function registerPagePreloader(registered: PagePreloader): void {
  preloader = registered;
}

/** As Log In is pressed: the code of the page a successful login goes to (nothing else: it may fail). */
export function preloadPageCode(path: string): void {
  preloader?.code(path);
}

/** Once logged in: the page's code and first calls, beside the navigation there. */
export function preloadPageAfterLogin(path: string, profile: LoginProfile): void {
  preloader?.afterLogin(path, profile);
}
