import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium';

export const baseUrl = () => inject('baseUrl');
export const port = () => inject('port');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context (its own storage) with the page's console errors collected. */
export async function openPage(browser: Browser, options: { width?: number; locale?: string } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: options.locale ?? 'en-US',
  });
  // A step that cannot happen fails with its own message instead of running into the test's timeout.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(err.message));
  return { context, page, consoleErrors };
}

/**
 * Sets the viewport width and resolves once the page has laid itself out at it: the window reports the
 * width and two frames have been drawn since (media-query listeners have run and React has rendered).
 */
export async function resizeTo(page: Page, width: number, height = 900) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Resolves when a choice has been saved as the user's preference (PUT /api/users/{userId}/Preferences). */
export const preferenceSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/Preferences') && r.request().method() === 'PUT' && r.status() === 204);

/**
 * Resolves when no transition or animation is running (a fading dialog would fail the contrast check). A
 * component's transition may start a frame after it mounts, so two frames pass first, and the page counts as
 * settled only when two checks a frame apart both find nothing running.
 */
export async function settled(page: Page) {
  const running = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(document.getAnimations().filter((a) => a.playState === 'running').length),
            ),
          ),
        ),
    );
  await expect.poll(async () => (await running()) + (await running()), { timeout: 5_000 }).toBe(0);
}

/** No serious or critical axe violation on what the page shows once it has settled. */
export async function expectAccessible(page: Page, include?: string) {
  await settled(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  const blocking = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(blocking, blocking.join('\n')).toEqual([]);
}

/**
 * Checks the page with axe and screenshots it at a phone width (375 px) and a desktop width
 * (1280 px); the files land in the folder the e2e run prints.
 */
export async function checkScreen(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await resizeTo(page, width);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(inject('screenshotDir'), `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}
