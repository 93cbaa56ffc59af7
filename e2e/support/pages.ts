import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { baseUrl, launchBrowser } from './browser';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'DemoPass#2026';

/** One browser for a test file, closed after it; call at the top level of the file. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not started yet');
    return browser;
  };
}

export const path = (page: Page) => new URL(page.url()).pathname;
export const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
export const messageBar = (page: Page) => page.getByTestId('message-bar').textContent();

/** The input labelled exactly `label` (a required field's label ends with an asterisk). */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

/** The error Mantine shows under the input labelled `label`. */
export const fieldError = (page: Page, label: string) =>
  field(page, label).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return ids
      .map((id) => document.getElementById(id))
      .filter((el) => el?.className.includes('error'))
      .map((el) => el?.textContent ?? '')
      .join(' ');
  });

/** Opens the login page (of `origin`, default the demo facility) and logs in; does not wait for the next page. */
export async function logIn(page: Page, username: string, options: { password?: string; origin?: string } = {}) {
  await page.goto(`${options.origin ?? baseUrl()}/login`);
  await field(page, 'Username').fill(username);
  await field(page, 'Password').fill(options.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The bearer token the page holds now. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  return token!;
}

/**
 * Loads `pagePath` afresh in a logged-in tab (a full page load, the session kept) and records the API GETs the app
 * makes until `shown` resolves and the network is idle (`calls`), and, in order, each of its API calls and their
 * answers (`events`: 'GET /api/...' when asked, 'answered GET /api/...' when its answer has come). While the login
 * profile's answer is held back, it records whether the user's capabilities were asked for anyway: a session that
 * remembers its user asks for both at once instead of one after the other.
 */
export async function firstLoadCalls(
  page: Page,
  pagePath: string,
  shown: () => Promise<unknown>,
): Promise<{ calls: string[]; events: string[]; capabilitiesBesideProfile: boolean }> {
  const calls: string[] = [];
  const events: string[] = [];
  let capabilitiesAsked: () => void = () => {};
  const capabilities = new Promise<void>((resolve) => (capabilitiesAsked = resolve));
  // The app's own calls (fetch), not the images and stylesheets the browser loads from /api/ (the logo, the theme).
  const apiCall = (request: { url(): string; method(): string; resourceType(): string }) => {
    const url = new URL(request.url());
    return url.pathname.startsWith('/api/') && request.resourceType() === 'fetch'
      ? `${request.method()} ${url.pathname}${url.search}`
      : null;
  };
  const answered = (request: { url(): string; method(): string; resourceType(): string }) => {
    const call = apiCall(request);
    if (call) events.push(`answered ${call}`);
  };
  const record = (request: { url(): string; method(): string; resourceType(): string }) => {
    const url = new URL(request.url());
    const call = apiCall(request);
    if (!call) return;
    events.push(call);
    if (request.method() !== 'GET') return;
    calls.push(url.pathname + url.search);
    if (/^\/api\/users\/\d+\/capabilities\//.test(url.pathname)) capabilitiesAsked();
  };
  let capabilitiesBesideProfile = false;
  // The page before (the dashboard just after Log In, whose calls start as it opens) stops asking first: a blank
  // page in between, the tab's session kept, so only the fresh load's own calls are recorded.
  const origin = new URL(page.url()).origin;
  await page.goto('about:blank');
  await page.route('**/api/patientportaluser/loginprofile', async (route) => {
    capabilitiesBesideProfile = await Promise.race([
      capabilities.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ]);
    await route.continue();
  });
  page.on('request', record);
  page.on('requestfinished', answered);
  try {
    await page.goto(`${origin}${pagePath}`);
    await shown();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', record);
    page.off('requestfinished', answered);
    await page.unroute('**/api/patientportaluser/loginprofile');
  }
  return { calls, events, capabilitiesBesideProfile };
}

/** The calls made more than once, each with its count. */
export function repeatedCalls(calls: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of calls) counts[call] = (counts[call] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 1));
}
