// The production build served by the real server (apps/server/dist/main.js) on a fresh data folder, and Chromium
// driven over the DevTools protocol: what the pages and bytes parts measure.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { BenchError, freePort, onCleanup, removeDir, serverEnv, sleep, start, stop, waitFor200 } from './processes';
import { DEMO_PASSWORD, DEMO_USER } from './session';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  // Nothing but the portal on loopback: no field trials, no first-run pages, no calls home.
  '--no-first-run',
  '--disable-background-networking',
];

export interface Portal {
  base: string;
  browser: Browser;
  chromeVersion: string;
}

/** Starts the built server and Chromium, runs `work`, and stops both whatever happens. */
export async function withPortal<T>(work: (portal: Portal) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pages-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start(process.execPath, ['apps/server/dist/main.js'], {
    env: serverEnv({ DATA_DIR: dataDir, PORT: String(port) }),
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let forgetChrome = () => {};
  let browser: Browser | undefined;
  try {
    await waitFor200(`${base}/readyz`, server);
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
      handleSIGINT: false,
    });
    const pid = chrome.pid;
    forgetChrome = onCleanup(() => process.kill(-pid, 'SIGKILL'));
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    return await work({ base, browser, chromeVersion: await browser.version() });
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    forgetChrome();
    await stop(server);
    removeDir(dataDir);
  }
}

/** Empties the browser's HTTP cache (not the tab's session storage), so each load is a first load. */
export async function clearCache(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  try {
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await cdp.detach();
  }
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

async function waitForPath(page: Page, wanted: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (pathOf(page) !== wanted) {
    if (Date.now() > deadline) throw new BenchError(`Expected ${wanted}, the page stayed at ${page.url()}`);
    await sleep(100);
  }
}

/**
 * Logs jane.doe in through the real login form. The web app keeps its tokens in this tab's sessionStorage
 * (apps/web/src/lib/api-instance.ts), so the tab stays logged in across navigations, and a new tab would not be.
 */
export async function logInThroughForm(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0', timeout: 60_000 });
  await page.locator('input[name="username"]').fill(DEMO_USER);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await waitForPath(page, '/dashboard');
  // The dashboard's own calls finish first, or they would be counted in whatever the caller measures next.
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
  const token = await page.evaluate('window.sessionStorage.getItem("access_token")');
  if (!token) throw new BenchError('After the login form, the tab holds no access token');
}
