import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, checkScreen, openPage, resizeTo } from './support/browser';
import { heading, logIn, messageBar, path, useBrowser } from './support/pages';

// Issue 16, the facility information pages (spec 002, 2.10): FAQs, Useful Links and Download Forms of Riverside
// (the demo's content in five languages), reached from the Resources menu, each checked with axe and
// screenshotted at 375 and 1280 px; a form opens in a new window through a URL token; a load failure shows the
// server's message.

const browser = useBrowser();

const texts = (locator: Locator) => locator.allInnerTexts().then((all) => all.map((t) => t.trim()));

async function logInAsJane(page: Page) {
  await logIn(page, 'jane.doe');
  // Password hashing makes a login take a while, the more so on a busy machine.
  await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/dashboard');
}

/** Opens a page from the Resources menu, by keyboard. */
async function fromResources(page: Page, item: string, pagePath: string, title: string) {
  const resources = page.getByRole('button', { name: 'Resources' });
  await resources.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: item }).click();
  await expect.poll(() => path(page), { timeout: 15_000 }).toBe(pagePath);
  await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(title);
}

/** Clicks and answers the window that opened, once it has the form's address. */
async function openForm(context: BrowserContext, button: Locator): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await popup.waitForURL(/\/api\/facilities\/\d+\/downloadableContent\/\d+\?token=/, { waitUntil: 'commit' });
  return popup;
}

describe('the facility information pages', () => {
  it('FAQs: questions and answers by viewOrder, opened by keyboard', async () => {
    const { page } = await openPage(browser());
    await logInAsJane(page);
    await fromResources(page, 'FAQ', '/faqs', 'FAQs');
    const items = page.getByTestId('faq-item');
    await items.first().waitFor();
    expect(await items.count()).toBeGreaterThanOrEqual(4);
    const questions = await texts(page.getByRole('button').filter({ has: page.locator('.portal-faq-question') }));
    expect(questions.slice(0, 2)).toEqual([
      'What can I do in the patient portal?',
      'Can I use secure messages for urgent questions?',
    ]);
    const second = page.getByRole('button', { name: 'Can I use secure messages for urgent questions?' });
    await second.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('true');
    const answer = page.getByText(/Messages are read during office hours/);
    await answer.waitFor();
    expect(await page.locator('[data-testid="faq-item"] strong', { hasText: 'No.' }).count()).toBe(1);
    await checkScreen(page, 'faqs');
  });

  it('Useful Links: the content page, its links opening in a new window', async () => {
    const { page } = await openPage(browser());
    await logInAsJane(page);
    await fromResources(page, 'Useful Links', '/useful-links', 'Useful Links');
    const link = page.getByRole('link', { name: 'National Cancer Institute' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://www.cancer.gov/');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await checkScreen(page, 'useful-links');
  });

  it('Download Forms: title, description, type icon and size; each opens in a new window', async () => {
    const { page, context } = await openPage(browser());
    await logInAsJane(page);
    await fromResources(page, 'Download Forms', '/download-forms', 'Download Forms');
    const items = page.getByTestId('form-item');
    await items.first().waitFor();
    expect(await texts(page.getByTestId('form-item').getByRole('heading'))).toEqual([
      'Authorization to release medical records',
      'Campus map and parking',
      'First visit checklist',
    ]);
    const meta = await texts(page.getByTestId('form-meta'));
    expect(meta[0]).toMatch(/^PDF document · \d+\.\d{2} KB$/);
    expect(meta[1]).toMatch(/^Image · \d+\.\d{2} KB$/);
    expect(meta[2]).toMatch(/^Text file · 0\.\d{2} KB$/);
    expect(
      await page.locator('svg[data-kind]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))),
    ).toEqual(['pdf', 'image', 'text']);
    await checkScreen(page, 'download-forms');

    // The checklist opens as text in its own window, through a token for its path alone.
    const popup = await openForm(context, page.getByRole('button', { name: 'Download First visit checklist' }));
    await expect.poll(() => popup.locator('body').innerText(), { timeout: 15_000 }).toContain('what to bring');
    const url = popup.url();
    await popup.close();
    // The token opens that path only: another form's path with it is refused.
    const other = url.replace(/downloadableContent\/\d+/, 'downloadableContent/1');
    const refused = await page.evaluate(async (src) => (await fetch(src)).status, other);
    expect(refused).toBe(401);

    // The PDF: its window gets the file itself.
    const pdfResponse = context.waitForEvent('response', (r) => /downloadableContent\/\d+\?token=/.test(r.url()));
    const pdf = await openForm(
      context,
      page.getByRole('button', { name: 'Download Authorization to release medical records' }),
    );
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await pdf.close();

    // A phone held upright (320 px): nothing scrolls sideways.
    await resizeTo(page, 320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  it("shows the server's message when a page cannot load", async () => {
    const { page } = await openPage(browser());
    await logInAsJane(page);
    await page.route('**/api/facilities/*/faqs*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'unavailable',
          message: 'The FAQs are being updated. Please try again in a few minutes.',
          requestId: '00000000-0000-0000-0000-000000000000',
        }),
      }),
    );
    await page.goto(`${baseUrl()}/faqs`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('FAQs');
    await expect
      .poll(() => messageBar(page), { timeout: 15_000 })
      .toContain('The FAQs are being updated. Please try again in a few minutes.');
    await checkScreen(page, 'faqs-load-failed');
  });
});
