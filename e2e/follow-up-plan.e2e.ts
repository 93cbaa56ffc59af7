import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, checkScreen, expectAccessible, openPage, preferenceSaved } from './support/browser';
import { accessToken, heading, logIn, messageBar, path as pathOf, useBrowser } from './support/pages';

// Issue 5: the follow-up plan (spec 002 section 2.2). Jane's plan: a missed 3-month visit, a completed
// 6-month one, an overdue 9-month one and two recommended ones (1 year, 1 year 6 months); a completed
// item whose only task the plan does not name is left out. John's smaller plan has nothing upcoming.
// The journeys leave Jane's filter preference at All, as they found it.

const browser = useBrowser();

const rows = (page: Page) => page.locator('table tbody tr');
const texts = (locator: Locator) => locator.allInnerTexts().then((all) => all.map((t) => t.trim()));
const statuses = (page: Page) =>
  page.getByTestId('date-status').evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status') ?? ''));
const filter = (page: Page) => page.getByRole('radiogroup', { name: 'Show' });
const choose = (page: Page, name: 'All' | 'Upcoming') =>
  filter(page)
    .locator('label', { hasText: new RegExp(`^${name}$`) })
    .click();
const chosen = (page: Page) =>
  filter(page)
    .locator('input:checked')
    .evaluate((input) => (input as HTMLInputElement).value);

async function openPlan(page: Page) {
  await page.goto(`${baseUrl()}/followup-plan`);
  await expect.poll(() => heading(page)).toBe('Follow-up Plan');
}

/** John, with the demo password (the account journey that changes it gives it back). */
async function logInAsJohn(page: Page) {
  await logIn(page, 'john.smith');
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
}

describe("jane.doe's follow-up plan", () => {
  it('shows the table with date statuses and task marks, the details, and the reminder line', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => pathOf(page)).toBe('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Follow-up Plan' }).click();
    const audit = page.waitForRequest((r) => r.url().endsWith('/audit') && r.method() === 'POST');
    await expect.poll(() => heading(page)).toBe('Follow-up Plan');
    expect(pathOf(page)).toBe('/followup-plan');
    expect(await page.title()).toBe('Follow-up Plan - Riverside');
    // The visit is audited with the spec's event.
    expect((await audit).postDataJSON()).toMatchObject({ auditEventType: 'followupplanviewauditevent' });

    // Jane gets follow-up reminders by email and text; the link leads to the settings.
    expect(await page.getByText('You receive follow-up reminders by email and text message.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Change reminder settings' }).getAttribute('href')).toBe(
      '/account-settings',
    );

    // All by default: five rows, earliest first; the item with only an unnamed task is left out.
    expect(await chosen(page)).toBe('All');
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(await texts(page.locator('thead th'))).toEqual([
      'Follow-up',
      'Date',
      'Provider',
      'Physical Exam',
      'Mammogram',
      'Blood Work',
      'Bone Density Scan',
    ]);
    expect(await page.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('ascending');
    expect(await texts(page.locator('tbody tr td:first-child'))).toEqual([
      '3 Month Follow-up',
      '6 Month Follow-up',
      '9 Month Follow-up',
      '1 Year Follow-up',
      '1 Year 6 Month Follow-up',
    ]);
    expect(await statuses(page)).toEqual(['missed', 'completed', 'overdue', 'recommended', 'recommended']);
    expect(await texts(page.locator('tbody tr td:nth-child(3)'))).toEqual([
      'Priya Raman',
      'Samuel Okafor',
      'Priya Raman',
      'Priya Raman',
      'Priya Raman',
    ]);
    expect(await page.locator('body').innerText()).not.toContain('Counselling visit completed.');

    // The 6-month visit: three tasks done, with their notes; no bone density scan at that visit.
    const sixMonths = rows(page).nth(1);
    expect(
      await sixMonths.getByTestId('task-mark').evaluateAll((marks) => marks.map((m) => m.getAttribute('data-done'))),
    ).toEqual(['true', 'true', 'true']);
    expect(await sixMonths.innerText()).toContain('Both breasts: normal.');
    expect(await sixMonths.locator('td').nth(6).innerText()).toBe('');
    // The 1-year visit: four tasks to do; screen readers hear 'Not done'.
    const oneYear = rows(page).nth(3);
    expect(
      await oneYear.getByTestId('task-mark').evaluateAll((marks) => marks.map((m) => m.getAttribute('data-done'))),
    ).toEqual(['false', 'false', 'false', 'false']);
    expect(await oneYear.getByTestId('task-mark').first().textContent()).toBe('Not done');
    expect(await sixMonths.getByTestId('task-mark').first().textContent()).toBe('Done');
    await checkScreen(page, 'follow-up-plan');

    // Sorting by provider (a new column sorts descending first, a second click ascending), then back to the date.
    const providerHeader = page.getByRole('columnheader', { name: 'Provider' });
    await providerHeader.getByRole('button').click();
    await expect.poll(() => providerHeader.getAttribute('aria-sort')).toBe('descending');
    expect((await texts(page.locator('tbody tr td:nth-child(3)'))).at(0)).toBe('Samuel Okafor');
    await providerHeader.getByRole('button').click();
    await expect.poll(() => providerHeader.getAttribute('aria-sort')).toBe('ascending');
    expect((await texts(page.locator('tbody tr td:nth-child(3)'))).at(-1)).toBe('Samuel Okafor');
    const dateHeader = page.getByRole('columnheader', { name: 'Date' });
    await dateHeader.getByRole('button').click();
    await expect.poll(() => statuses(page)).toEqual(['recommended', 'recommended', 'overdue', 'completed', 'missed']);
    await dateHeader.getByRole('button').click();
    await expect.poll(() => statuses(page)).toEqual(['missed', 'completed', 'overdue', 'recommended', 'recommended']);

    // Details: start date, instructions and guidelines, by keyboard; Escape closes and focus returns.
    const details = page.getByRole('button', { name: 'Details', exact: true });
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Details of your follow-up plan' });
    await dialog.waitFor();
    const dialogText = await dialog.innerText();
    expect(dialogText).toContain('Start date');
    expect(dialogText).toContain('Instructions');
    expect(dialogText).toContain('Your treatment is complete, and these visits help us keep you well.');
    expect(dialogText).toContain('Guidelines');
    expect(dialogText).toContain('Breast Cancer Survivorship Care');
    expect(dialogText).toContain('Bone Health on Hormone Therapy');
    expect(dialogText).toMatch(/Effective [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await dialog.getByRole('button', { name: 'Close' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await details.evaluate((el) => el === document.activeElement)).toBe(true);
    await details.click();
    await dialog.waitFor();
    await expectAccessible(page);
    await page.screenshot({
      path: path.join(inject('screenshotDir'), 'follow-up-plan-details-1280.png'),
      fullPage: true,
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // At 320 px nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 375, height: 900 });
    await details.click();
    await dialog.waitFor();
    await expectAccessible(page);
    await page.screenshot({
      path: path.join(inject('screenshotDir'), 'follow-up-plan-details-375.png'),
      fullPage: true,
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps the All/Upcoming choice across reloads', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => pathOf(page)).toBe('/dashboard');
    await openPlan(page);
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(await chosen(page)).toBe('All');

    const saved = preferenceSaved(page);
    await choose(page, 'Upcoming');
    expect((await saved).request().postDataJSON()).toMatchObject({
      name: 'PatientPortal_FollowupPlanFilter_Date',
      value: 'Upcoming',
    });
    await expect.poll(() => statuses(page)).toEqual(['recommended', 'recommended']);
    expect(await texts(page.locator('tbody tr td:first-child'))).toEqual([
      '1 Year Follow-up',
      '1 Year 6 Month Follow-up',
    ]);
    await checkScreen(page, 'follow-up-plan-upcoming');

    await page.reload();
    await expect.poll(() => heading(page)).toBe('Follow-up Plan');
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await chosen(page)).toBe('Upcoming');

    // In a new session too: the choice lives on the server.
    const other = await openPage(browser());
    await logIn(other.page, 'jane.doe');
    await expect.poll(() => pathOf(other.page)).toBe('/dashboard');
    await openPlan(other.page);
    await expect.poll(() => rows(other.page).count()).toBe(2);
    expect(await chosen(other.page)).toBe('Upcoming');
    await other.context.close();

    const back = preferenceSaved(page);
    await choose(page, 'All');
    await back;
    await expect.poll(() => rows(page).count()).toBe(5);
    await page.reload();
    await expect.poll(() => heading(page)).toBe('Follow-up Plan');
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(await chosen(page)).toBe('All');
    await context.close();
  });

  it('expands rows on a phone to the recommended care with each task and its note', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    await logIn(page, 'jane.doe');
    await expect.poll(() => pathOf(page)).toBe('/dashboard');
    await openPlan(page);
    await expect.poll(() => rows(page).count()).toBe(5);
    // Label and date with status; the rest behind each row's button.
    expect(await texts(page.locator('thead th'))).toEqual(['Follow-up', 'Date', 'Details']);
    await checkScreen(page, 'follow-up-plan-compact');
    await page.setViewportSize({ width: 375, height: 900 });

    const expand = page.getByRole('button', { name: /^Show details of 1 Year Follow-up/ });
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await expand.click();
    const collapse = page.getByRole('button', { name: /^Hide details of 1 Year Follow-up/ });
    expect(await collapse.getAttribute('aria-expanded')).toBe('true');
    const expanded = page.locator(`[id="${await collapse.getAttribute('aria-controls')}"]`);
    expect(await texts(expanded.locator('dt'))).toEqual(['Provider', 'Recommended for your follow-up care']);
    const tasks = expanded.locator('li');
    expect(await tasks.count()).toBe(4);
    expect(await tasks.nth(0).innerText()).toContain('Physical Exam');
    expect(await tasks.nth(1).innerText()).toContain('Diagnostic mammogram of the treated breast.');
    expect(await tasks.nth(3).innerText()).toContain('A first scan while you take hormone therapy.');
    expect(await expanded.innerText()).toContain('Priya Raman');
    await checkScreen(page, 'follow-up-plan-expanded');

    // The small window (768-991 px) is compact too.
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => texts(page.locator('thead th'))).toEqual(['Follow-up', 'Date', 'Details']);
    await page.setViewportSize({ width: 992, height: 900 });
    await expect.poll(() => page.locator('thead th').count()).toBe(7);
    await context.close();
  });

  it('shows the generic error when the plan cannot be loaded, and the empty text without a plan', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => pathOf(page)).toBe('/dashboard');
    await accessToken(page);

    await page.route('**/followUpPlan', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'internal_error', message: 'Something broke inside', requestId: 'x' }),
      }),
    );
    await page.goto(`${baseUrl()}/followup-plan`);
    // A server error is tried three times (about three seconds) before the page gives up.
    await expect
      .poll(() => messageBar(page), { timeout: 15_000 })
      .toContain('An unexpected error has occurred. Please report this to your system administrator.');
    expect(await heading(page)).toBe('Follow-up Plan');
    expect(await messageBar(page)).not.toContain('Something broke inside');
    expect(await page.locator('table').count()).toBe(0);
    await checkScreen(page, 'follow-up-plan-error');

    await page.unroute('**/followUpPlan');
    await page.route('**/followUpPlan', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.reload();
    await expect
      .poll(() => page.getByTestId('follow-up-empty').textContent())
      .toBe('You do not have a follow-up plan.');
    expect(await page.getByRole('button', { name: 'Details', exact: true }).count()).toBe(0);
    await checkScreen(page, 'follow-up-plan-none');
    await context.close();
  });
});

describe("john.smith's follow-up plan", () => {
  it('shows his smaller plan: not applicable, completed and overdue, nothing upcoming, no reminders', async () => {
    const { page, context } = await openPage(browser());
    await logInAsJohn(page);
    await openPlan(page);
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await page.getByText('You do not receive follow-up reminders.').count()).toBe(1);
    expect(await texts(page.locator('thead th'))).toEqual([
      'Follow-up',
      'Date',
      'Provider',
      'PSA Test',
      'Physical Exam',
    ]);
    expect(await statuses(page)).toEqual(['na', 'completed', 'overdue']);
    expect(await texts(page.getByTestId('date-status'))).toEqual(['N/A', 'Completed', 'Overdue']);
    expect(await texts(page.locator('tbody tr td:nth-child(3)'))).toEqual([
      'Helen Marsh',
      'Helen Marsh',
      'Helen Marsh',
    ]);
    expect(await page.locator('body').innerText()).not.toContain('Mammogram');
    await checkScreen(page, 'follow-up-plan-john');

    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Details of your follow-up plan' });
    expect(await dialog.innerText()).toContain('Prostate Cancer Surveillance');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    const saved = preferenceSaved(page);
    await choose(page, 'Upcoming');
    await saved;
    await expect.poll(() => page.getByText('You have no upcoming follow-up appointments.').count()).toBe(1);
    await checkScreen(page, 'follow-up-plan-john-upcoming');
    const back = preferenceSaved(page);
    await choose(page, 'All');
    await back;
    await expect.poll(() => rows(page).count()).toBe(3);
    await context.close();
  });
});
