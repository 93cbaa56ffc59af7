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
