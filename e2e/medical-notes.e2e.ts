import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, checkScreen, expectAccessible, openPage, port } from './support/browser';
import { firstLoadCalls, heading, logIn, path, repeatedCalls, useBrowser } from './support/pages';

// Issue 5, medical notes (spec 002, 2.4): the list with its unread dots and header badge, the viewer with the
// page navigator and the document frame, the filters and their saved date choice, compact layouts, mobile
// devices that open the page itself, and the empty state. Only this file touches medical notes; the journeys
// still read counts before acting, so a retried journey holds.

const browser = useBrowser();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.4 Mobile/15E148 Safari/604.1';

const list = (page: Page) => page.getByRole('list', { name: 'Medical notes' });
const items = (page: Page) => list(page).getByRole('button');
const texts = (locator: Locator) => locator.allInnerTexts().then((all) => all.map((t) => t.trim()));
const frame = (page: Page) => page.locator('iframe');
const pageInput = (page: Page) => page.getByRole('textbox', { name: 'Page' });
const navLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Medical Notes/ });

/** The header badge's number (0 when it is gone). */
async function headerCount(page: Page): Promise<number> {
  const badge = page.getByTestId('medical-notes-count');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.locator('[aria-hidden="true"]').innerText()).trim());
}

/** The number in the navigation tab's badge (0 when it is gone). */
async function navCount(page: Page): Promise<number> {
  const badge = navLink(page).getByTestId('nav-badge');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.innerText()).trim());
}

/** What the frame's URL answers: its type and the first bytes. */
function fetchDocument(page: Page, url: string) {
  return page.evaluate(async (src) => {
    const res = await fetch(src);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      head: String.fromCharCode(...bytes.slice(0, 5)),
    };
  }, url);
}

/** A page in a phone's browser: an iPhone's user agent at a phone's width. */
async function phonePage(width = 390): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 844 }, userAgent: IPHONE, locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

async function openMedicalNotes(page: Page, username = 'jane.doe', options: { byTab?: boolean } = {}) {
  await logIn(page, username);
  // Password hashing makes a login take a while, the more so on a busy machine.
  await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/dashboard');
  // Phone-sized windows keep the tabs behind a menu button: go by address there.
  if (options.byTab ?? true) await navLink(page).click();
  else await page.goto(`${baseUrl()}/medical-notes`);
  // The page's code loads on demand: the first visit of a busy machine may take a few seconds.
  await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/medical-notes');
  await expect.poll(() => heading(page), { timeout: 15_000 }).toMatch(/^Medical Notes/);
  await list(page).waitFor();
}

/** Clears the filters if an earlier (retried) run left a saved date filter at work. */
async function withClearedFilters(page: Page) {
  const show = page.getByRole('button', { name: 'Hide Filters' });
  if ((await show.count()) > 0) {
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await show.click();
  }
  await expect.poll(() => items(page).count()).toBe(10);
}

/**
 * Back from a note page's PDF shown in the whole tab, with the browser's Back. Chromium attaches its PDF viewer to the
 * tab just after the load, and a Back asked in that moment fails with 'Not attached to an active page' before it
 * navigates: ask again while the tab still shows the PDF.
 */
async function backFromPdf(page: Page, pageNumber: number) {
  const onPdf = () => new RegExp(`/page/${pageNumber}/content\\?token=`).test(page.url());
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goBack();
      return;
    } catch (error) {
      if (attempt >= 5 || !/Not attached to an active page/.test(String(error)) || !onPdf()) throw error;
      await page.waitForTimeout(300);
    }
  }
}

describe("jane.doe's medical notes", () => {
  it('asks for each of its first calls once on a fresh load: the header badge and the page share the count', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    const { calls } = await firstLoadCalls(page, '/medical-notes', () => list(page).waitFor());
    expect(repeatedCalls(calls)).toEqual({});
    expect(calls).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/api\/patients\/\d+\/medicalnotes\/published$/),
        expect.stringMatching(/^\/api\/patients\/\d+\/medicalnotes\/notReviewedCount$/),
        expect.stringMatching(/^\/api\/users\/\d+\/Preferences\?name=PatientPortal_MedicalNotesFilter_Date$/),
      ]),
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('lists her notes newest first, and opening an unread one clears its dot and lowers both badges', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openMedicalNotes(page);
    await withClearedFilters(page);
    expect(await page.title()).toMatch(/^Medical Notes - /);

    // Newest service date first: heading, author and date, status.
    const all = await texts(items(page));
    expect(all[0]).toMatch(/^Progress Note/);
    expect(all.at(-1)).toMatch(/^Radiology Report/);
    const first = all[0]!;
    expect(first).toContain('Dr. Priya Raman');
    expect(first).toContain('Preliminary');
    expect(await page.getByText('Select an item from the list on the left.').isVisible()).toBe(true);
    expect(await page.getByText('Showing 10 of 10 medical notes').isVisible()).toBe(true);

    // The unread ones carry a dot (and say so to screen readers); the header and the tab count them.
    const unread = list(page).locator('li', { has: page.getByTestId('item-badge') });
    const before = await unread.count();
    await expect.poll(() => headerCount(page)).toBe(before);
    await expect.poll(() => navCount(page)).toBe(before);
    if (before > 0) expect(await unread.first().innerText()).toContain('(Not reviewed)');
    await checkScreen(page, 'medical-notes-list');

    // Open the first unread note (or the first note, when a retried run has read them all).
    const index = await list(page)
      .locator('li')
      .evaluateAll((rows) => rows.findIndex((row) => row.querySelector('[data-testid="item-badge"]') !== null));
    const target = items(page).nth(Math.max(index, 0));
    const documentType = (await target.innerText()).split('\n')[0]!.trim();
    await target.click();
    const detail = page.getByRole('region', { name: documentType });
    await detail.waitFor();
    expect(await detail.getByRole('heading', { level: 2 }).innerText()).toBe(documentType);
    const shown = await detail.innerText();
    for (const label of ['Date of Services', 'Status', 'Authored By']) expect(shown).toContain(label);
    expect(await target.getAttribute('aria-current')).toBe('true');

    await expect.poll(() => unread.count()).toBe(Math.max(before - 1, 0));
    await expect.poll(() => headerCount(page)).toBe(Math.max(before - 1, 0));
    await expect.poll(() => navCount(page)).toBe(Math.max(before - 1, 0));

    // The frame shows page 1 through a URL token, and that URL answers the PDF.
    await expect.poll(() => frame(page).getAttribute('src')).toMatch(/\/page\/1\/content\?token=/);
    expect(await frame(page).getAttribute('title')).toMatch(new RegExp(`^${documentType}, page 1 of \\d+$`));
    const src = (await frame(page).getAttribute('src'))!;
    expect(await fetchDocument(page, src)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await checkScreen(page, 'medical-notes-note');

    // Still reviewed after a reload: the server has it.
    await page.reload();
    await list(page).waitFor();
    await expect.poll(() => headerCount(page)).toBe(Math.max(before - 1, 0));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('pages through a note: next, a typed page, and a typed page out of range that reverts', async () => {
    const { page, context } = await openPage(browser());
    await openMedicalNotes(page);
    await withClearedFilters(page);
    await items(page).filter({ hasText: 'Discharge Summary' }).click();
    const detail = page.getByRole('region', { name: 'Discharge Summary' });
    await detail.waitFor();
    expect(await detail.innerText()).toContain('You were treated for an infection risk after chemotherapy.');

    const pages = page.getByRole('group', { name: 'Pages' });
    const previous = pages.getByRole('button', { name: 'Previous page' });
    const next = pages.getByRole('button', { name: 'Next page' });
    expect(await pages.innerText()).toContain('of 3');
    expect(await pageInput(page).inputValue()).toBe('1');
    expect(await previous.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => frame(page).getAttribute('src')).toMatch(/\/page\/1\/content\?token=/);
    const first = (await frame(page).getAttribute('src'))!;

    await next.click();
    await expect.poll(() => frame(page).getAttribute('src')).toMatch(/\/page\/2\/content\?token=/);
    expect(await pageInput(page).inputValue()).toBe('2');
    expect(await frame(page).getAttribute('title')).toBe('Discharge Summary, page 2 of 3');

    await pageInput(page).fill('3');
    await pageInput(page).press('Enter');
    await expect.poll(() => frame(page).getAttribute('src')).toMatch(/\/page\/3\/content\?token=/);
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    const third = (await frame(page).getAttribute('src'))!;
    expect(await fetchDocument(page, third)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect(third).not.toBe(first);

    // Out of range or not a number: the field reverts and the frame stays on page 3.
    for (const typed of ['9', '0', 'two']) {
      await pageInput(page).fill(typed);
      await pageInput(page).press('Enter');
      await expect.poll(() => pageInput(page).inputValue()).toBe('3');
    }
    await pageInput(page).fill('7');
    await pageInput(page).blur();
    await expect.poll(() => pageInput(page).inputValue()).toBe('3');
    expect(await frame(page).getAttribute('src')).toBe(third);

    await previous.click();
    await expect.poll(() => frame(page).getAttribute('src')).toMatch(/\/page\/2\/content\?token=/);
    await expectAccessible(page);
    await checkScreen(page, 'medical-notes-paging');
    // The page survives the switch to the phone layout and back.
    expect(await pageInput(page).inputValue()).toBe('2');
    expect(await frame(page).getAttribute('src')).toMatch(/\/page\/2\/content\?token=/);

    // Opening another note and coming back starts on page 1 again.
    await items(page).filter({ hasText: 'Operative Report' }).click();
    await page.getByRole('region', { name: 'Operative Report' }).waitFor();
    await items(page).filter({ hasText: 'Discharge Summary' }).click();
    await expect.poll(() => pageInput(page).inputValue()).toBe('1');
    await expect.poll(() => frame(page).getAttribute('src')).toMatch(/\/page\/1\/content\?token=/);
    await context.close();
  });

  it('filters by date, document type and author, and remembers the date filter across reloads', async () => {
    const { page, context } = await openPage(browser());
    await openMedicalNotes(page);
    await withClearedFilters(page);

    await page.getByRole('button', { name: 'Show Filters' }).click();
    const date = page.getByRole('combobox', { name: 'Date' });
    const type = page.getByRole('combobox', { name: 'Document Type' });
    const author = page.getByRole('combobox', { name: 'Authored By' });
    expect(await date.inputValue()).toBe('All');
    await expectAccessible(page);

    await date.selectOption({ label: 'Last 3 months' });
    await expect.poll(() => items(page).count()).toBe(2);
    expect(await page.getByText('Showing 2 of 10 medical notes').isVisible()).toBe(true);
    expect(await texts(items(page))).toEqual([
      expect.stringContaining('Progress Note'),
      expect.stringContaining('Progress Note'),
    ]);
    await checkScreen(page, 'medical-notes-filtered');

    // The date choice is saved: after a reload the panel opens by itself with it.
    await page.reload();
    await list(page).waitFor();
    await expect.poll(() => items(page).count()).toBe(2);
    expect(await page.getByRole('combobox', { name: 'Date' }).inputValue()).toBe('Last3Months');
    expect(await page.getByRole('button', { name: 'Hide Filters' }).isVisible()).toBe(true);

    // Document type and author narrow further; nothing left shows the no-match text.
    await page.getByRole('combobox', { name: 'Date' }).selectOption({ label: 'All' });
    await type.selectOption('Consultation');
    await expect.poll(() => items(page).count()).toBe(2);
    await author.selectOption('Dr. Samuel Okafor');
    await expect.poll(() => items(page).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Date' }).selectOption({ label: 'Last 3 months' });
    await expect.poll(() => items(page).count()).toBe(0);
    expect(await page.getByText('No medical notes match your filter selections.').isVisible()).toBe(true);

    // Clear Filters: everything, and All is saved.
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => items(page).count()).toBe(10);
    expect(await type.inputValue()).toBe('All');
    await page.reload();
    await list(page).waitFor();
    await expect.poll(() => items(page).count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Show Filters' }).isVisible()).toBe(true);
    await context.close();
  });

  it('closes the open note when a filter hides it (issue 11, item 12)', async () => {
    const { page, context } = await openPage(browser());
    await openMedicalNotes(page);
    await withClearedFilters(page);
    await items(page).filter({ hasText: 'Discharge Summary' }).click();
    await page.getByRole('region', { name: 'Discharge Summary' }).waitFor();

    // A document type that leaves the Discharge Summary out: the note closes with it, the hint is back.
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await page.getByRole('combobox', { name: 'Document Type' }).selectOption('Consultation');
    await expect.poll(() => items(page).count()).toBe(2);
    await expect.poll(() => page.getByRole('region', { name: 'Discharge Summary' }).count()).toBe(0);
    expect(await frame(page).count()).toBe(0);
    expect(await page.getByText('Select an item from the list on the left.').isVisible()).toBe(true);
    expect(await list(page).locator('[aria-current="true"]').count()).toBe(0);
    await checkScreen(page, 'medical-notes-filtered-selection');

    // Loosening the filter again does not bring it back: the selection was cleared, not hidden.
    await page.getByRole('combobox', { name: 'Document Type' }).selectOption('All');
    await expect.poll(() => items(page).count()).toBe(10);
    expect(await page.getByText('Select an item from the list on the left.').isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Discharge Summary' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Hide Filters' }).click();
    await context.close();
  });

  it('shows the list and the note as separate views with a back button on a phone-sized window', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    await openMedicalNotes(page, 'jane.doe', { byTab: false });
    await withClearedFilters(page);
    expect(await page.getByText('Select an item from the list on the left.').count()).toBe(0);
    await items(page).filter({ hasText: 'Operative Report' }).click();
    const back = page.getByRole('button', { name: 'Back to Medical Notes' });
    await back.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toContain('Back to Medical Notes');
    expect(await list(page).count()).toBe(0);
    await expect.poll(() => frame(page).getAttribute('src')).toMatch(/\/page\/1\/content\?token=/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await back.click();
    await list(page).waitFor();
    expect(await page.getByRole('button', { name: 'Back to Medical Notes' }).count()).toBe(0);
    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });
});

describe('on a phone (a mobile user agent)', () => {
  it('reads every page of a multi-page note, each as the page itself, and returns to the list (issue 11, item 6)', async () => {
    const page = await phonePage(375);
    await openMedicalNotes(page, 'jane.doe', { byTab: false });
    await withClearedFilters(page);
    await items(page).filter({ hasText: 'Discharge Summary' }).click();

    // The note opens in the portal's own view: its facts, 'Page 1 of 3' with previous and next, and a way back.
    const back = page.getByRole('button', { name: 'Back to Medical Notes' });
    await back.waitFor();
    const detail = page.getByRole('region', { name: 'Discharge Summary' });
    expect(await detail.innerText()).toContain('You were treated for an infection risk after chemotherapy.');
    expect(await frame(page).count()).toBe(0);
    const pages = page.getByRole('group', { name: 'Pages' });
    const position = pages.getByRole('status');
    const next = pages.getByRole('button', { name: 'Next page' });
    expect(await position.textContent()).toBe('Page 1 of 3');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.screenshot({ path: `${inject('screenshotDir')}/medical-notes-mobile-note-375.png`, fullPage: true });

    /** Opens the page shown in the whole tab (the note page URL), checks it is that page's PDF, and comes back. */
    const readPage = async (n: number) => {
      const response = page.waitForResponse((r) => new RegExp(`/page/${n}/content\\?token=`).test(r.url()));
      await page.getByRole('button', { name: `Open page ${n} of 3` }).click();
      const answered = await response;
      expect(answered.status()).toBe(200);
      expect(answered.headers()['content-type']).toBe('application/pdf');
      await expect
        .poll(() => page.url())
        .toMatch(new RegExp(`/medicalnotes/published/\\d+/page/${n}/content\\?token=`));
      await backFromPdf(page, n);
      // Back in the portal on the same note and page.
      await page.getByRole('region', { name: 'Discharge Summary' }).waitFor();
      await expect.poll(() => position.textContent()).toBe(`Page ${n} of 3`);
    };
    await readPage(1);

    await next.click();
    await expect.poll(() => position.textContent()).toBe('Page 2 of 3');
    await readPage(2);
    await next.click();
    await expect.poll(() => position.textContent()).toBe('Page 3 of 3');
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    await page.screenshot({
      path: `${inject('screenshotDir')}/medical-notes-mobile-last-page-375.png`,
      fullPage: true,
    });
    await readPage(3);

    // And back to the list.
    await back.click();
    await list(page).waitFor();
    await expect.poll(() => items(page).count()).toBe(10);
    expect(await back.count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });
});

describe('other users', () => {
  it('opens the page itself on a phone: robert.doe, the representative, reading jane’s notes', async () => {
    const page = await phonePage();
    await openMedicalNotes(page, 'robert.doe', { byTab: false });
    await expect.poll(() => items(page).count()).toBe(10);
    await expectAccessible(page);

    const consultation = items(page).filter({ hasText: 'Dr. Samuel Okafor' }).filter({ hasText: 'Consultation' });
    await consultation.click();
    // The note's own view first: its facts, and the button that opens its page in the whole tab.
    await page.getByRole('region', { name: 'Consultation' }).waitFor();
    expect(await frame(page).count()).toBe(0);
    const response = page.waitForResponse((r) =>
      /\/medicalnotes\/published\/\d+\/page\/1\/content\?token=/.test(r.url()),
    );
    await page.getByRole('button', { name: /^Open (the note|page 1 of \d+)$/ }).click();
    const answered = await response;
    expect(answered.status()).toBe(200);
    expect(answered.headers()['content-type']).toBe('application/pdf');
    await expect.poll(() => page.url()).toMatch(/\/page\/1\/content\?token=/);
    // Back in the portal: the same note, reviewed before the browser left (that note has no dot).
    await backFromPdf(page, 1);
    await page.getByRole('region', { name: 'Consultation' }).waitFor();
    await page.getByRole('button', { name: 'Back to Medical Notes' }).click();
    await expect.poll(() => items(page).count()).toBe(10);
    const back = items(page).filter({ hasText: 'Dr. Samuel Okafor' }).filter({ hasText: 'Consultation' });
    expect(await back.getByTestId('item-badge').count()).toBe(0);
    await page.context().close();
  });

  it('says there are no medical notes to sam.lee, who has none', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'sam.lee', { origin: `http://lakeside.localhost:${port()}` });
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/dashboard');
    await page.goto(`http://lakeside.localhost:${port()}/medical-notes`);
    await expect.poll(() => heading(page)).toBe('Medical Notes');
    await page.getByText('No medical notes', { exact: true }).waitFor();
    expect(await page.getByText('Select an item from the list on the left.').count()).toBe(0);
    expect(await page.getByTestId('medical-notes-count').count()).toBe(0);
    expect(await page.getByText('Showing 0 of 0 medical notes').isVisible()).toBe(true);
    await checkScreen(page, 'medical-notes-empty');
    await context.close();
  });
});
