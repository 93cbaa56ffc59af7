import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkScreen, expectAccessible, openPage, resizeTo } from './support/browser';
import { focused, riversideDay, shown } from './support/health-summary';
import { field, fieldError, heading, logIn, messageBar, path, useBrowser } from './support/pages';

// Personal Data & Privacy (spec 002, 2.9, 4, 5, 8 and 9): the activity log's dates (a year back to today, both
// required), the report in a new window through a URL token (who, what, when, from where; printable), and the
// personal data download (the file's name, its XML; personaldatadownloadfailed when the server fails). Robert, her
// representative, reads Jane's log. Nothing here changes what another journey reads (viewing adds audit rows only).

const browser = useBrowser();

async function openPersonalData(page: Page, username: string, menuName: string) {
  await logIn(page, username);
  await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/dashboard');
  // Each change of route puts the keyboard on the new page's heading, not back at the top of the header.
  await expect.poll(() => focusedHeading(page)).toMatch(/^Welcome, /);
  await page.getByRole('button', { name: menuName }).click();
  await page.getByRole('menuitem', { name: 'Personal Data & Privacy' }).click();
  await expect.poll(() => path(page)).toBe('/personal-data');
  await expect.poll(() => heading(page)).toBe('Personal Data & Privacy');
  await expect.poll(() => focusedHeading(page)).toBe('Personal Data & Privacy');
  // The next Tab goes on from there, into the page (the first of its fields), not into the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
}

/** The text of the main heading when it holds the keyboard focus, else null. */
function focusedHeading(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active?.tagName === 'H1' && active.closest('main') ? (active.textContent ?? '').trim() : null;
  });
}

/** The same day a year before ('2026-03-05' -> '2025-03-05'; 29 February -> 28 February). */
function yearBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Clicks View Activity Log and answers the window it opened, once the report shows. */
async function openReport(context: BrowserContext, page: Page): Promise<Page> {
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'View Activity Log' }).click(),
  ]);
  await popup.waitForURL(/\/api\/patients\/\d+\/audits\/report\?token=.+&startDate=\d{4}-\d{2}-\d{2}&endDate=/);
  await popup.getByRole('heading', { level: 1, name: 'Activity Log' }).waitFor();
  return popup;
}

/**
 * The report's screenshots at both widths, and axe on its markup: the window itself is sandboxed without scripts
 * (by design), so axe reads the same document on a page of its own.
 */
async function checkReport(context: BrowserContext, report: Page, name: string) {
  for (const width of [375, 1280]) {
    // The window runs no script (sandboxed), so no frame callback can say it has laid out: a set size is enough
    // for a screenshot.
    await report.setViewportSize({ width, height: 900 });
    await report.screenshot({ path: join(inject('screenshotDir'), `${name}-${width}.png`), fullPage: true });
  }
  const html = await (await context.request.get(report.url())).text();
  const copy = await context.newPage();
  await copy.setContent(html);
  for (const width of [375, 1280]) {
    await resizeTo(copy, width);
    await expectAccessible(copy);
  }
  await copy.close();
}

describe('Personal Data & Privacy (jane.doe)', () => {
  it('the dates, their checks, the activity log in a new window, and the download', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openPersonalData(page, 'jane.doe', 'Jane Doe');
    expect(await page.title()).toMatch(/^Personal Data & Privacy - /);

    // A year back to today.
    const today = riversideDay();
    expect(await field(page, 'Start Date').inputValue()).toBe(shown(yearBefore(today)));
    expect(await field(page, 'End Date').inputValue()).toBe(shown(today));
    await checkScreen(page, 'personal-data');

    // Both dates required: 'Required' under the empty one, which takes the keyboard; no window opens.
    await field(page, 'Start Date').fill('');
    await field(page, 'End Date').fill('');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'View Activity Log' }).click();
    await expect.poll(() => fieldError(page, 'Start Date')).toBe('Required');
    expect(await fieldError(page, 'End Date')).toBe('Required');
    expect(await focused(field(page, 'Start Date'))).toBe(true);
    expect(context.pages()).toHaveLength(1);
    await checkScreen(page, 'personal-data-required');

    // Typing a day clears its message.
    await field(page, 'Start Date').fill(shown(riversideDay(-30)));
    await field(page, 'End Date').fill(shown(today));
    await page.keyboard.press('Tab');
    await expect.poll(() => fieldError(page, 'Start Date')).toBe('');
    expect(await fieldError(page, 'End Date')).toBe('');

    // The report: this session's own acts today (the dashboard's reads, this page's log viewing next time).
    const report = await openReport(context, page);
    const text = await report.locator('main').innerText();
    expect(text).toContain('Patient: Jane Doe');
    expect(text).toContain(`From ${shown(riversideDay(-30))} to ${shown(today)}`);
    expect(text).toContain('Jane Doe (patient)');
    expect(text).toMatch(/Record viewed: appointments/);
    expect(await report.getByRole('columnheader').allInnerTexts()).toEqual(['When', 'Who', 'What', 'From address']);
    await checkReport(context, report, 'personal-data-report');
    await report.close();

    // Download Personal Data: the file named from her names, the day and PersonalData, holding her record.
    const started = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Personal Data' }).click();
    const file = await started;
    expect(file.suggestedFilename()).toBe(`JaneDoe_${today}_PersonalData.xml`);
    const xml = await readFile(await file.path(), 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<personalData xmlns=/);
    expect(xml).toContain('<firstName>Jane</firstName>');
    expect(xml).toContain('</activityLog>');
    // With the content of each record (issue 32, finding 19): her care team, each note's pages.
    expect(xml).toMatch(/<careTeam><member id="\d+"><firstName>/);
    expect(xml).toMatch(/<\/reviewed>(<reviewedAt>[^<]*<\/reviewedAt>)?<pages><page number="1" contentType="/);

    // The server fails: personaldatadownloadfailed (the export asks in the language shown: ?language=).
    const exportCall = /\/api\/patients\/\d+\/export(\?|$)/;
    await page.route(exportCall, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'internal_error', message: 'Something went wrong.', requestId: 'x' }),
      }),
    );
    await page.getByRole('button', { name: 'Download Personal Data' }).click();
    await expect
      .poll(() => messageBar(page))
      .toContain('Your personal data could not be downloaded. Please try again later.');
    await expectAccessible(page);
    await page.unroute(exportCall);
    expect(consoleErrors.filter((e) => !e.includes('500'))).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('Personal Data & Privacy (robert.doe, Jane’s representative)', () => {
  it('shows the log of the patient he acts for, his own acts named as a representative\u2019s', async () => {
    const { page, context } = await openPage(browser());
    // Other journeys may have had Robert open Jane's results or summary earlier: this visit's rows are the ones
    // written from here on (each row's <time datetime>); a second earlier for the clocks' rounding.
    const visitStart = Date.now() - 1000;
    await openPersonalData(page, 'robert.doe', 'Robert Doe');
    const report = await openReport(context, page);
    // Newest first: Robert's acts of a moment ago lead the first page, however long Jane's log has grown.
    const rows = await report.locator('tbody tr').allInnerTexts();
    expect(rows[0]).toContain('Robert Doe (authorized representative)');
    let text = await report.locator('main').innerText();
    expect(text).toContain('Patient: Jane Doe');
    // The page's own form filters it (the window runs no script; the form reloads it with a fresh token).
    await report.getByLabel('Who').selectOption({ label: 'Robert Doe (authorized representative)' });
    await report.getByLabel('Kind of event').selectOption({ label: 'Opened, printed or downloaded' });
    await Promise.all([report.waitForURL(/kind=views/), report.getByRole('button', { name: 'Show' }).click()]);
    await report.getByRole('heading', { level: 1, name: 'Activity Log' }).waitFor();
    text = await report.locator('tbody').innerText();
    expect(text).toContain('Robert Doe (authorized representative)');
    expect(text).not.toContain('Jane Doe (patient)');
    // He opened the dashboard, whose badges count results, notes and messages: counts are no reads of them.
    const thisVisit = await report
      .locator('tbody tr')
      .evaluateAll(
        (trs, since) =>
          trs
            .filter((tr) => Date.parse(tr.querySelector('time')?.getAttribute('datetime') ?? '') >= since)
            .map((tr) => (tr as HTMLElement).innerText),
        visitStart,
      );
    expect(thisVisit.join('\n')).toContain('Record viewed: appointments');
    expect(thisVisit.join('\n')).not.toMatch(/Record viewed: (test results|medical notes|treatment summary|messages)/);
    expect(await report.getByLabel('Who').inputValue()).toMatch(/^user-\d+$/);
    await checkReport(context, report, 'personal-data-report-representative');
    await context.close();
  }, 120_000);
});
