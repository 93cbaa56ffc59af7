import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkScreen, expectAccessible, openPage, preferenceSaved } from './support/browser';
import { pdfText } from '../apps/server/test/pdf-text';
import { firstLoadCalls, heading, logIn, path, repeatedCalls, useBrowser } from './support/pages';

const browser = useBrowser();

const TOTAL = 12;
const IN_NINE_MONTHS = 9;

/** Jane's Test Results page, after logging in from the dashboard. */
async function openTestResults(page: Page) {
  await logIn(page, 'jane.doe');
  await expect.poll(() => heading(page)).toBe('Welcome, Jane');
  await page.goto(`${new URL(page.url()).origin}/test-results`);
  await expect.poll(() => heading(page)).toBe('Test Results');
  await list(page).or(page.getByText('No test results match')).first().waitFor();
}

const list = (page: Page) => page.getByRole('list', { name: 'Test results', exact: true });
const items = (page: Page) => list(page).getByRole('button');
const showing = (page: Page) => page.getByText(/^Showing \d+ of \d+ test results$/).textContent();
const dateFilter = (page: Page) => page.getByLabel('Date', { exact: true });

/** The number on the Test Results tab (0 when no badge shows). */
async function headerCount(page: Page): Promise<number> {
  const tab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Test Results/ });
  const badge = tab.getByTestId('nav-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText());
}

async function newCount(page: Page): Promise<number> {
  return list(page).getByTestId('item-badge').count();
}

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^(Show|Hide) Filters$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await dateFilter(page).waitFor();
}

describe('test results for jane.doe', () => {
  it('asks for each of its first calls once on a fresh load: the capabilities beside the profile, the saved filter with the list', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    const { calls, capabilitiesBesideProfile } = await firstLoadCalls(page, '/test-results', () =>
      list(page).waitFor(),
    );
    const userId = await page.evaluate(() => window.sessionStorage.getItem('userId'));
    expect(userId).toMatch(/^\d+$/);
    expect(capabilitiesBesideProfile).toBe(true);
    expect(repeatedCalls(calls)).toEqual({});
    expect(calls).toEqual(
      expect.arrayContaining([
        '/api/patientportaluser/loginprofile',
        `/api/users/${userId}/capabilities/patientPortal`,
        expect.stringMatching(/^\/api\/patients\/\d+$/),
        expect.stringMatching(/^\/api\/patients\/\d+\/labresults\/published$/),
        `/api/users/${userId}/Preferences?name=PatientPortal_LabResultFilter_Date`,
      ]),
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('lists the last 9 months newest first; viewing a new result clears its badge and the header count', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openTestResults(page);
    // The default date filter is Last 9 months (unless a journey below left another one saved: it clears it).
    await openFilters(page);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => showing(page)).toBe(`Showing ${IN_NINE_MONTHS} of ${TOTAL} test results`);
    expect(await dateFilter(page).inputValue()).toBe('Last9Months');
    expect(await items(page).count()).toBe(IN_NINE_MONTHS);
    const first = await items(page).first().innerText();
    expect(first).toContain('Comprehensive Metabolic Panel');
    expect(first).toContain('Dr. Priya Raman');
    expect(first).toContain('Preliminary');
    expect(await page.getByText('Select an item from the list on the left.').isVisible()).toBe(true);

    // New results carry the badge, and the header counts them.
    await expect.poll(() => headerCount(page)).toBeGreaterThan(0);
    const before = await headerCount(page);
    expect(await newCount(page)).toBe(before);
    await checkScreen(page, 'test-results-list');

    // Open the newest unreviewed one.
    const unreviewed = items(page)
      .filter({ has: page.getByTestId('item-badge') })
      .first();
    expect(await unreviewed.getByTestId('item-badge').innerText()).toMatch(/^new$/i);
    const name = (await unreviewed.getByTestId('item-heading').innerText()).trim();
    await unreviewed.click();
    const detail = page.getByRole('heading', { level: 2, name });
    await detail.waitFor();
    await expect.poll(() => newCount(page)).toBe(before - 1);
    await expect.poll(() => headerCount(page)).toBe(before - 1);
    await expectAccessible(page);

    // The newest (a metabolic panel): its facts, remarks, and the low potassium flagged in words.
    await items(page).first().click();
    await page.getByRole('heading', { level: 2, name: 'Comprehensive Metabolic Panel' }).waitFor();
    const main = page.getByRole('main');
    const text = await main.innerText();
    expect(text).toContain('Date collected');
    expect(text).toContain('Ordered by');
    expect(text).toContain('RCC Laboratory');
    expect(text).toContain('1200 River Road, Laboratory, 2nd Floor, Riverside, NY 12210');
    expect(text).toContain('Magnesium to follow.');
    const table = page.getByRole('table', { name: 'Comprehensive Metabolic Panel' });
    const potassium = table.getByRole('row', { name: /Potassium/ });
    expect(await potassium.innerText()).toMatch(/Potassium\s+3\.3\s+mmol\/L\s+3\.5 - 5\.2\s+↓ Low\s+Preliminary/);
    const sodium = table.getByRole('row', { name: /Sodium/ });
    expect(await sodium.innerText()).toContain('Normal');
    expect(await potassium.locator('[data-abnormal="true"]').count()).toBe(1);
    expect(await sodium.locator('[data-abnormal="true"]').count()).toBe(0);
    await checkScreen(page, 'test-results-detail');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the biopsy as free text, and the neutropenia as critically low', async () => {
    const { page, context } = await openPage(browser());
    await openTestResults(page);
    await openFilters(page);
    await dateFilter(page).selectOption('All');
    await expect.poll(() => showing(page)).toBe(`Showing ${TOTAL} of ${TOTAL} test results`);
    await page.getByLabel('Test procedure').selectOption('Surgical Pathology');
    await expect.poll(() => items(page).count()).toBe(1);
    await items(page).first().click();
    await page.getByRole('heading', { level: 2, name: 'Surgical Pathology' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const report = page.getByTestId('free-text');
    expect(await report.innerText()).toContain('invasive ductal carcinoma, Nottingham grade 2');
    expect(await page.getByRole('main').innerText()).toContain('Northeast Pathology Associates');
    await checkScreen(page, 'test-results-free-text');

    await page.getByLabel('Test procedure').selectOption('All');
    await page.getByLabel('Ordered by').selectOption('Dr. Samuel Okafor');
    await expect.poll(() => items(page).count()).toBe(1);
    await page.getByLabel('Ordered by').selectOption('All');
    await page.getByLabel('Test procedure').selectOption('CBC with Differential');
    await expect.poll(() => showing(page)).toBe(`Showing 6 of ${TOTAL} test results`);
    // The CBC ten days after chemotherapy (about 7 months ago).
    const cbc = items(page).nth(3);
    await cbc.click();
    const anc = page.getByRole('table', { name: 'CBC with Differential' }).getByRole('row', { name: /Neutrophil/ });
    expect(await anc.innerText()).toContain('↓ Critically low');
    expect(await anc.innerText()).toContain('Critical value called to M. Li, RN');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => showing(page)).toBe(`Showing ${IN_NINE_MONTHS} of ${TOTAL} test results`);
    await context.close();
  });

  it('remembers the date filter across reloads; Clear Filters resets it and saves the default', async () => {
    const { page, context } = await openPage(browser());
    await openTestResults(page);
    await openFilters(page);
    // The save is a PUT that follows the change; it lands before the reload.
    const dateSaved = preferenceSaved(page);
    await dateFilter(page).selectOption('Last3Months');
    await expect.poll(() => showing(page)).toBe(`Showing 4 of ${TOTAL} test results`);
    await page.getByLabel('Test procedure').selectOption('Tumor Markers');
    await expect.poll(() => showing(page)).toBe(`Showing 1 of ${TOTAL} test results`);
    await dateSaved;

    await page.reload();
    await expect.poll(() => heading(page)).toBe('Test Results');
    await expect.poll(() => showing(page)).toBe(`Showing 4 of ${TOTAL} test results`);
    await openFilters(page);
    expect(await dateFilter(page).inputValue()).toBe('Last3Months');
    // Only the date is remembered.
    expect(await page.getByLabel('Test procedure').inputValue()).toBe('All');
    await expectAccessible(page);

    await page.getByLabel('Test procedure').selectOption('Tumor Markers');
    const defaultSaved = preferenceSaved(page);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => showing(page)).toBe(`Showing ${IN_NINE_MONTHS} of ${TOTAL} test results`);
    expect(await dateFilter(page).inputValue()).toBe('Last9Months');
    expect(await page.getByLabel('Test procedure').inputValue()).toBe('All');
    await defaultSaved;
    await page.reload();
    await expect.poll(() => showing(page)).toBe(`Showing ${IN_NINE_MONTHS} of ${TOTAL} test results`);
    await context.close();
  });

  it('closes the open result when a filter hides it (issue 11, item 12)', async () => {
    const { page, context } = await openPage(browser());
    await openTestResults(page);
    await list(page)
      .getByRole('button', { name: /^Tumor Markers/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: 'Tumor Markers' }).waitFor();

    // A procedure that leaves the tumor markers out: the detail closes with them, the hint is back.
    await openFilters(page);
    await page.getByLabel('Test procedure').selectOption('CBC with Differential');
    await expect.poll(() => items(page).filter({ hasText: 'Tumor Markers' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Tumor Markers' }).count()).toBe(0);
    expect(await page.getByText('Select an item from the list on the left.').isVisible()).toBe(true);
    expect(await list(page).locator('[aria-current="true"]').count()).toBe(0);
    await checkScreen(page, 'test-results-filtered-selection');

    // Loosening the filter again does not bring it back: the selection was cleared, not hidden.
    await page.getByLabel('Test procedure').selectOption('All');
    await expect.poll(() => items(page).filter({ hasText: 'Tumor Markers' }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Select an item from the list on the left.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'Tumor Markers' }).count()).toBe(0);
    await context.close();
  });

  it('prints a result: the PDF opens in a new window and holds the values', async () => {
    const { page, context } = await openPage(browser());
    await openTestResults(page);
    await list(page)
      .getByRole('button', { name: /^Tumor Markers/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: 'Tumor Markers' }).waitFor();
    // The PDF the browser receives, read on its way through (a popup's blob cannot be read back reliably).
    let pdf: { status: number; type: string; language: string | null; body: Buffer } | null = null;
    await page.route(/\/labresults\/published\/\d+\/pdf/, async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      pdf = {
        status: response.status(),
        type: response.headers()['content-type'] ?? '',
        language: new URL(route.request().url()).searchParams.get('language'),
        body,
      };
      expect(route.request().method()).toBe('POST');
      await route.fulfill({ response, body });
    });
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Print' }).click(),
    ]);
    await expect.poll(() => pdf !== null).toBe(true);
    const printed = pdf!;
    expect(printed.status).toBe(200);
    expect(printed.type).toBe('application/pdf');
    expect(printed.language).toBe('en-US');
    const text = (await pdfText(printed.body)).join(' ').replace(/\s+/g, ' ');
    for (const expected of ['Tumor Markers', 'Jane Doe', 'Date collected', 'CA 15-3', '18.4', 'U/mL', 'CEA', '1.9']) {
      expect(text).toContain(expected);
    }
    // The new window shows the document itself.
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.waitForLoadState();
    await popup.setViewportSize({ width: 1280, height: 900 });
    // Chromium shows it in its PDF viewer (an extension frame): wait until the viewer is there.
    await expect.poll(() => popup.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(true);
    const viewer = popup.frames().find((f) => f.url().startsWith('chrome-extension://'))!;
    await viewer.waitForLoadState();
    await viewer.locator('pdf-viewer').waitFor({ state: 'attached' });
    await popup.screenshot({ path: `${inject('screenshotDir')}/test-results-print-popup-1280.png` });
    await popup.close();
    expect(await page.getByRole('button', { name: 'Print' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('on a phone shows the list, then the detail with Back to Test Results', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    await openTestResults(page);
    await expect.poll(() => items(page).count()).toBe(IN_NINE_MONTHS);
    expect(await page.getByText('Select an item from the list on the left.').count()).toBe(0);
    await items(page).nth(2).click();
    const back = page.getByRole('button', { name: 'Back to Test Results' });
    await back.waitFor();
    await expect.poll(() => back.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await list(page).count()).toBe(0);
    await page.getByRole('heading', { level: 2, name: 'Tumor Markers' }).waitFor();
    // Nothing scrolls sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.screenshot({ path: `${inject('screenshotDir')}/test-results-phone-detail-375.png`, fullPage: true });
    await back.click();
    await expect.poll(() => items(page).count()).toBe(IN_NINE_MONTHS);
    expect(path(page)).toBe('/test-results');
    await context.close();
  });
});
