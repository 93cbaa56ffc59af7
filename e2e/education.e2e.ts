import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  checkScreen,
  expectAccessible,
  openPage,
  preferenceSaved,
  resizeTo,
  settled,
} from './support/browser';
import { field, heading, logIn, messageBar, path, useBrowser } from './support/pages';

// Education (spec 002 section 2.1): jane.doe's articles grouped by day and category, opened in a new window
// and in the frame, the header badge dropping as new ones are read, the preview preference surviving a
// reload, archiving; an iPad always opens a new window; john.smith's smaller list on a phone.
//
// No other journey touches education. Within this file, each step checks what it changes relative to what
// it found, so a retried journey still holds.

const browser = useBrowser();

const T = {
  exercise: 'Exercise during and after treatment',
  lymphedema: 'Lymphedema: signs to watch for',
  emotional: 'Emotional support and coping',
  skinCare: 'Caring for your skin during radiation therapy',
  nausea: 'Managing nausea during chemotherapy',
  port: 'Caring for your implanted port',
  mouthCare: 'Mouth care during cancer treatment',
  fatigue: 'Coping with cancer-related fatigue',
  radiationPlan: 'What to expect during external beam radiation',
  nutrition: 'Nutrition during cancer treatment',
};

const IPAD_USER_AGENT =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const texts = (locator: Locator) => locator.allInnerTexts().then((all) => all.map((t) => t.trim()));
const rows = (page: Page) => page.getByTestId('education-article');
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });
const openButton = (page: Page, title: string) => row(page, title).getByTestId('education-open');
const isNew = async (page: Page, title: string) => (await row(page, title).getByTestId('education-new').count()) === 1;
const archivedBox = (page: Page) => page.getByRole('checkbox', { name: /^Show archived \(\d+\)$/ });
/** The N of 'Show archived (N)'. */
async function archivedCount(page: Page): Promise<number> {
  const label = await page.getByText(/^Show archived \(\d+\)$/).innerText();
  return Number(/\((\d+)\)/.exec(label)?.[1]);
}
const previewSelect = (page: Page) => field(page, 'How articles open');

/** The count on the Education tab (0 when no badge shows). */
async function tabBadge(page: Page): Promise<number> {
  const badge = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Education/ })
    .getByTestId('nav-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText());
}

async function openEducation(page: Page, username: string) {
  await logIn(page, username);
  await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/dashboard');
  await page.goto(`${baseUrl()}/education-articles`);
  await expect.poll(() => heading(page)).toBe('Education');
  await rows(page).first().waitFor();
}

/** Clicks and answers the window that opened, once it has shown the article. */
async function openInNewWindow(context: BrowserContext, button: Locator): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await popup.waitForURL(/\/api\/education\/articles\/\d+\/content\?token=/);
  await popup.getByRole('heading', { level: 1 }).waitFor();
  return popup;
}

/**
 * checkScreen for a page that shows an article in its frame: axe cannot run inside the frame (the document is
 * sandboxed without scripts, by design), so the page is checked around it and the document on its own.
 */
async function checkScreenWithFrame(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await resizeTo(page, width);
    await settled(page);
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .exclude('iframe')
      .analyze();
    const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: join(inject('screenshotDir'), `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** The article's document checked by axe on a page of its own (same markup, without the sandbox). */
async function expectDocumentAccessible(context: BrowserContext, url: string) {
  const html = await (await context.request.get(url)).text();
  const page = await context.newPage();
  await page.setContent(html);
  await expectAccessible(page);
  await page.close();
}

describe("jane.doe's education articles", () => {
  it('groups by day and category; a new article opens in a new window and the tab’s badge drops', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/dashboard');
    const main = page.getByRole('navigation', { name: 'Main' });
    // The tab's badge counts the new articles (three in the demo, fewer if this journey ran before).
    await expect.poll(() => tabBadge(page), { timeout: 5_000 }).toBeGreaterThan(0);
    await main.getByRole('link', { name: /^Education/ }).click();
    await expect.poll(() => path(page)).toBe('/education-articles');
    await expect.poll(() => heading(page)).toBe('Education');
    await rows(page).first().waitFor();
    expect(await page.title()).toMatch(/^Education - /);

    // Newest day first; within it 'Staying Well…' (sort order 4) before 'Recovery and Support' (5).
    const content = page.locator('main');
    expect(await content.getByRole('heading', { level: 2 }).count()).toBe(4);
    const firstDay = content.locator('section').first();
    expect(await texts(firstDay.getByRole('heading', { level: 3 }))).toEqual([
      'Staying Well During Treatment',
      'Recovery and Support',
    ]);
    expect(await rows(page).count()).toBe(7);
    // Titles within a category by title.
    const recovery = firstDay.getByRole('list', { name: /^Recovery and Support, / });
    expect(await texts(recovery.getByTestId('education-title'))).toEqual([T.emotional, T.lymphedema]);
    expect(await isNew(page, T.skinCare)).toBe(false);
    expect(await archivedBox(page).isChecked()).toBe(false);
    expect(await archivedCount(page)).toBe(4);
    // Nothing archived shows until asked.
    expect(await row(page, T.port).count()).toBe(0);

    // The preview choice, at its default: a new page; no frame.
    await expect.poll(() => previewSelect(page).inputValue()).toBe('NewTab');
    expect(await page.getByTestId('education-preview').count()).toBe(0);
    await checkScreen(page, 'education-jane');

    // A new article opens in a new window; it is no longer new and the badge drops by one.
    const fresh = rows(page).filter({ has: page.getByTestId('education-new') });
    const freshCount = await fresh.count();
    expect(freshCount).toBeGreaterThan(0);
    const badgeBefore = await tabBadge(page);
    expect(badgeBefore).toBe(freshCount);
    const title = (await fresh.first().getByTestId('education-title').innerText()).trim();
    const popup = await openInNewWindow(context, openButton(page, title));
    expect(await popup.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    expect(await popup.title()).toBe(title);
    await popup.close();
    await expect.poll(() => isNew(page, title)).toBe(false);
    await expect.poll(() => tabBadge(page), { timeout: 5_000 }).toBe(badgeBefore - 1);
    // A read article opens again, and changes no count.
    const again = await openInNewWindow(context, openButton(page, title));
    await again.close();
    expect(await tabBadge(page)).toBe(badgeBefore - 1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('previews on this page in the frame, and remembers the choice across a reload', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openEducation(page, 'jane.doe');

    await previewSelect(page).selectOption({ label: 'Preview on this page' });
    const preview = page.getByTestId('education-preview');
    await expect.poll(() => preview.innerText()).toBe('Select an item from the list on the left.');
    await expectAccessible(page);

    await openButton(page, T.skinCare).click();
    const frame = page.locator(`iframe[title="${T.skinCare}"]`);
    await frame.waitFor();
    const frameHeading = page.frameLocator(`iframe[title="${T.skinCare}"]`).getByRole('heading', { level: 1 });
    await expect.poll(() => frameHeading.innerText(), { timeout: 5_000 }).toBe(T.skinCare);
    expect(await openButton(page, T.skinCare).getAttribute('aria-current')).toBe('true');
    // Its document may be framed by the portal only, and is sandboxed.
    const src = (await frame.getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/education\/articles\/\d+\/content\?token=/);
    const headers = (await context.request.get(`${baseUrl()}${src}`)).headers();
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'self'.*sandbox/);
    await checkScreenWithFrame(page, 'education-jane-in-page');
    await expectDocumentAccessible(context, `${baseUrl()}${src}`);

    // A new article in the frame also drops the badge.
    const fresh = rows(page).filter({ has: page.getByTestId('education-new') });
    if ((await fresh.count()) > 0) {
      const next = (await fresh.first().getByTestId('education-title').innerText()).trim();
      const before = await tabBadge(page);
      await openButton(page, next).click();
      await page.locator(`iframe[title="${next}"]`).waitFor();
      await expect.poll(() => isNew(page, next)).toBe(false);
      await expect.poll(() => tabBadge(page), { timeout: 5_000 }).toBe(before - 1);
    }

    // The choice survives a reload.
    await page.reload();
    await expect.poll(() => heading(page), { timeout: 5_000 }).toBe('Education');
    await expect.poll(() => previewSelect(page).inputValue(), { timeout: 5_000 }).toBe('InPage');
    await expect.poll(() => preview.innerText()).toBe('Select an item from the list on the left.');

    // Back to the default, which also survives a reload.
    await previewSelect(page).selectOption({ label: 'Preview on a new page' });
    await expect.poll(() => preview.count()).toBe(0);
    await page.reload();
    await expect.poll(() => previewSelect(page).inputValue(), { timeout: 5_000 }).toBe('NewTab');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows archived articles muted when asked, and archives and unarchives', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openEducation(page, 'jane.doe');

    // Show archived (4): the archived ones join the list, muted and marked, never new.
    await archivedBox(page).check();
    await expect.poll(() => rows(page).count()).toBe(11);
    for (const archived of [T.port, T.mouthCare]) {
      expect(await row(page, archived).getAttribute('data-muted')).toBe('true');
      expect(await row(page, archived).innerText()).toContain('Archived');
      expect(await isNew(page, archived)).toBe(false);
      expect(
        await row(page, archived)
          .getByRole('button', { name: `Unarchive ${archived}` })
          .count(),
      ).toBe(1);
    }
    // Muted, still AA: axe checks contrast with the archived rows showing.
    await checkScreen(page, 'education-jane-archived');

    // Archive one while archived ones show: it stays, marked; the count goes up. Then bring it back.
    await row(page, T.nausea)
      .getByRole('button', { name: `Archive ${T.nausea}` })
      .click();
    await expect.poll(() => messageBar(page)).toContain(`“${T.nausea}” was archived.`);
    await expect.poll(() => archivedCount(page)).toBe(5);
    await expect.poll(() => row(page, T.nausea).getAttribute('data-muted')).toBe('true');
    await row(page, T.nausea)
      .getByRole('button', { name: `Unarchive ${T.nausea}` })
      .click();
    await expect.poll(() => messageBar(page)).toContain(`“${T.nausea}” is back in your articles.`);
    await expect.poll(() => archivedCount(page)).toBe(4);

    // Archive one while they are hidden: the row goes and the keyboard lands on the box.
    await archivedBox(page).uncheck();
    await expect.poll(() => rows(page).count()).toBe(7);
    await row(page, T.nausea)
      .getByRole('button', { name: `Archive ${T.nausea}` })
      .click();
    await expect.poll(() => row(page, T.nausea).count()).toBe(0);
    await expect.poll(() => archivedCount(page)).toBe(5);
    expect(await archivedBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await archivedBox(page).check();
    await row(page, T.nausea)
      .getByRole('button', { name: `Unarchive ${T.nausea}` })
      .click();
    await expect.poll(() => archivedCount(page)).toBe(4);
    await expect.poll(() => row(page, T.nausea).getAttribute('data-muted')).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('closes the article in the frame when unticking Show archived hides it (issue 11, item 12)', async () => {
    const { page, context } = await openPage(browser());
    await openEducation(page, 'jane.doe');
    await previewSelect(page).selectOption({ label: 'Preview on this page' });
    const preview = page.getByTestId('education-preview');
    await expect.poll(() => preview.innerText()).toBe('Select an item from the list on the left.');

    await archivedBox(page).check();
    await openButton(page, T.port).click();
    await page.locator(`iframe[title="${T.port}"]`).waitFor();

    // Hidden with the archived rows: the frame goes back to its default text.
    await archivedBox(page).uncheck();
    await expect.poll(() => row(page, T.port).count()).toBe(0);
    await expect.poll(() => preview.innerText()).toBe('Select an item from the list on the left.');
    // Showing the archived rows again does not bring it back: the selection was cleared, not hidden.
    await archivedBox(page).check();
    await expect.poll(() => row(page, T.port).count()).toBe(1);
    expect(await preview.innerText()).toBe('Select an item from the list on the left.');
    expect(await openButton(page, T.port).getAttribute('aria-current')).toBeNull();

    // Back to the default for the journeys after this one.
    const saved = preferenceSaved(page);
    await previewSelect(page).selectOption({ label: 'Preview on a new page' });
    await saved;
    await expect.poll(() => preview.count()).toBe(0);
    await context.close();
  });

  it('opens articles in a new window on an iPad, whatever the preference, and offers no choice', async () => {
    const context = await browser().newContext({
      viewport: { width: 1024, height: 1366 },
      userAgent: IPAD_USER_AGENT,
      locale: 'en-US',
      hasTouch: true,
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await openEducation(page, 'jane.doe');
    // Saved as InPage through the API, as a desktop would.
    const saved = await page.evaluate(async () => {
      const token = window.sessionStorage.getItem('access_token');
      const profile = (await (
        await fetch('/api/patientportaluser/loginprofile', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { userId: number };
      const res = await fetch(`/api/users/${profile.userId}/Preferences`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          userId: profile.userId,
          name: 'EducationMaterials_EducationPreviewSetting',
          value: 'InPage',
        }),
      });
      return res.status;
    });
    expect(saved).toBeLessThan(300);
    await page.reload();
    await rows(page).first().waitFor();
    expect(await previewSelect(page).count()).toBe(0);
    expect(await page.getByTestId('education-preview').count()).toBe(0);
    const popup = await openInNewWindow(context, openButton(page, T.skinCare));
    expect(await popup.getByRole('heading', { level: 1 }).innerText()).toBe(T.skinCare);
    await popup.close();
    await expectAccessible(page);
    // Back to the default.
    await page.evaluate(async () => {
      const token = window.sessionStorage.getItem('access_token');
      const profile = (await (
        await fetch('/api/patientportaluser/loginprofile', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { userId: number };
      await fetch(`/api/users/${profile.userId}/Preferences`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          userId: profile.userId,
          name: 'EducationMaterials_EducationPreviewSetting',
          value: 'NewTab',
        }),
      });
    });
    await context.close();
  });
});

describe("john.smith's education articles on a phone", () => {
  it('shows his own smaller list, opens in a new window, and the badge drops to none', async () => {
    const { page, context, consoleErrors } = await openPage(browser(), { width: 375 });
    await openEducation(page, 'john.smith');
    expect(await rows(page).count()).toBe(2);
    expect(await texts(page.getByRole('heading', { level: 3 }))).toEqual([
      'Managing Side Effects',
      'Radiation Therapy',
    ]);
    expect(await archivedCount(page)).toBe(1);
    // No preview choice on a phone, nor a frame.
    expect(await previewSelect(page).count()).toBe(0);
    expect(await page.getByTestId('education-preview').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkScreen(page, 'education-john');

    const wasNew = await isNew(page, T.fatigue);
    const popup = await openInNewWindow(context, openButton(page, T.fatigue));
    expect(await popup.getByRole('heading', { level: 1 }).innerText()).toBe(T.fatigue);
    await popup.close();
    await expect.poll(() => isNew(page, T.fatigue)).toBe(false);
    if (wasNew) {
      // His only new article: the menu's count is gone.
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect.poll(() => tabBadge(page)).toBe(0);
      await page.setViewportSize({ width: 375, height: 900 });
    }

    // His archived one, and nothing of Jane's.
    await archivedBox(page).check();
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await row(page, T.nutrition).innerText()).toContain('Archived');
    expect(await row(page, T.port).count()).toBe(0);
    await checkScreen(page, 'education-john-archived');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows a representative the patient’s articles', async () => {
    const { page, context } = await openPage(browser());
    await openEducation(page, 'robert.doe');
    // The line loads with the navigation, maybe after the list.
    await expect.poll(() => page.getByText(/You are viewing the health information for Jane Doe/).count()).toBe(1);
    expect(await rows(page).count()).toBe(7);
    expect(await archivedCount(page)).toBe(4);
    await expectAccessible(page);
    await context.close();
  });
});

describe('the empty list and a failed load', () => {
  it('shows ‘No items to display’ when nothing is assigned, and the server’s message when the list fails', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/dashboard');
    // The demo has no patient without articles who can reach the page: the list answers empty here.
    await page.route(/\/api\/patients\/\d+\/education(\?.*)?$/, (route) => route.fulfill({ json: [] }));
    await page.goto(`${baseUrl()}/education-articles`);
    await expect.poll(() => heading(page)).toBe('Education');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No items to display' }).count()).toBe(1);
    expect(await rows(page).count()).toBe(0);
    await checkScreen(page, 'education-empty');

    await page.unroute(/\/api\/patients\/\d+\/education(\?.*)?$/);
    await page.route(/\/api\/patients\/\d+\/education(\?.*)?$/, (route) =>
      route.fulfill({
        status: 503,
        json: {
          error: 'service_unavailable',
          message: 'The service is busy. Please try again shortly.',
          requestId: 'x',
        },
      }),
    );
    await page.reload();
    // The query retries a server error twice before it gives up.
    await expect
      .poll(() => messageBar(page), { timeout: 10_000 })
      .toContain('The service is busy. Please try again shortly.');
    expect(await heading(page)).toBe('Education');
    expect(await rows(page).count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
