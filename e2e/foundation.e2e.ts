import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, checkScreen, expectAccessible, launchBrowser, openPage, port } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('branded login page', () => {
  it('shows the demo facility, its logo, theme and page title', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    const response = await page.goto(`${baseUrl()}/login`);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Welcome to Riverside Patient Portal');
    expect(await page.title()).toBe('Log In - Riverside');
    await expect.poll(() => page.getByRole('img', { name: 'Riverside Cancer Center' }).isVisible()).toBe(true);
    // The facility theme stylesheet paints the header.
    await expect
      .poll(() => page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(15, 59, 95)');
    await expect.poll(() => page.getByLabel('Username').isVisible()).toBe(true);
    expect(await page.getByLabel(/^Password/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show or hide password' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/sign-up');
    await checkScreen(page, 'login');
    // The strict Content-Security-Policy blocked nothing the app needs.
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
  });

  it('asks for username and password before sending anything, focusing the first empty field', async () => {
    const { page, context } = await openPage(browser, { width: 375 });
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByText('Required').count()).toBe(2);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
    await page.getByLabel('Username').fill('jane.doe');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByText('Required').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await expectAccessible(page);
    // Errors already shown follow a language switch.
    await page.getByLabel('Choose a language').selectOption('fr-CA');
    await expect.poll(() => page.getByText('Obligatoire').count()).toBe(1);
    await checkScreen(page, 'login-errors-fr');
    await context.close();
  });

  it('says "Login failed" for a username over 100 characters or a password over 256 (spec 000)', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl()}/login`);
    const bar = page.getByTestId('message-bar');
    for (const [username, password] of [
      ['u'.repeat(101), 'Whatever#2026'],
      ['nobody.here', `A1#${'p'.repeat(254)}`],
    ] as const) {
      await page.getByLabel('Username').fill(username);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect.poll(() => bar.textContent()).toContain('Login failed. Please try again.');
      expect(await bar.textContent()).not.toContain('unexpected error');
      await page.getByRole('button', { name: 'Dismiss message' }).click();
    }
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('loads at most 150 KB of gzipped JavaScript for the login page', async () => {
    const { page, context } = await openPage(browser);
    const scripts: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('Username').waitFor();
    const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(50_000);
    expect(total).toBeLessThanOrEqual(150_000);
    await context.close();
  });
});

describe('languages', () => {
  it('switches the whole page to the chosen language and keeps it on reload', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('Username').waitFor();
    await page.getByLabel('Choose a language').selectOption('es-MX');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es-MX');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toContain('Riverside Patient Portal');
    expect(heading).not.toContain('Welcome');
    expect(await page.getByRole('button', { name: 'Log In' }).count()).toBe(0);
    await checkScreen(page, 'login-es');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es-MX');
    await page.getByLabel(/idioma/i).selectOption('zh');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/[\u4e00-\u9fff]/);
    await checkScreen(page, 'login-zh');
    await context.close();
  });

  it('starts in the browser language when none was chosen', async () => {
    const { page, context } = await openPage(browser, { locale: 'fr-CA' });
    await page.goto(`${baseUrl()}/login`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr-CA');
    await context.close();
  });
});

describe('footer', () => {
  it('opens and closes the legal and help texts by keyboard alone', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('Username').waitFor();
    expect(await page.locator('footer').textContent()).toContain(
      `© ${new Date().getFullYear()} Riverside Cancer Center`,
    );

    const terms = page.getByRole('button', { name: 'Terms of Use' });
    await terms.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Terms of Use' }).isVisible()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain('Keep your username and password private');
    await expectAccessible(page);
    await checkScreen(page, 'footer-terms');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Terms of Use');

    await page.getByRole('button', { name: 'Privacy Statement' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Privacy Statement' }).isVisible()).toBe(true);
    // Close with the dialog's own Close button, reached by Tab.
    const close = dialog.getByRole('button', { name: 'Close' }).last();
    for (let i = 0; i < 10 && !(await close.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByRole('button', { name: 'Accessibility Help' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Accessibility Help' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });
});

describe('unknown addresses', () => {
  it('shows a clear "portal not found" page for a host no facility answers to', async () => {
    const { page, context } = await openPage(browser, { width: 375 });
    await page.goto(`http://unknown-portal.test:${port()}/login`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Portal not found');
    expect(await page.title()).toBe('Portal not found');
    await checkScreen(page, 'portal-not-found');
    await context.close();
  });

  it('serves each facility its own branding by host', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`http://lakeside.localhost:${port()}/login`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome to Lakeside MyHealth');
    expect(await page.title()).toBe('Log In - Lakeside');
    await checkScreen(page, 'login-lakeside');
    await context.close();
  });

  it('shows a not-found page for an unknown route of a known portal', async () => {
    const { page, context } = await openPage(browser);
    const response = await page.goto(`${baseUrl()}/no-such-page`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await checkScreen(page, 'not-found');
    await context.close();
  });

  it('sends a visitor of an authenticated page to the login page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl()}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
