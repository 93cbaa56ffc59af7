import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, checkScreen, openPage, preferenceSaved } from './support/browser';
import { field, heading, logIn, path, useBrowser } from './support/pages';

// Issue 11: the dates of the dashboard's upcoming appointments and of the appointments page, in every
// language the same rule: MM/DD/YYYY h:mm A in English where a full date-time shows; in other languages the
// month named, in the language's order, then the time (issue 32, finding 7: 04/05/2026 read as 4 May).

const browser = useBrowser();

const LANGUAGE_MENU = /^(Choose a language|Elija un idioma|选择语言)$/;
const upcomingItems = (page: Page) => page.getByTestId('dashboard-appointments').getByTestId('upcoming-item');
const tableTimes = (page: Page) => page.locator('table tbody time');

/** Each <time> of a list: its machine-readable value and what it shows. */
async function times(locator: Locator): Promise<{ iso: string; text: string }[]> {
  await expect.poll(() => locator.count()).toBeGreaterThan(0);
  return Promise.all(
    (await locator.all()).map(async (time) => ({
      iso: (await time.getAttribute('datetime'))!,
      text: (await time.innerText()).trim(),
    })),
  );
}

/** The time of day at the end of a date-time text ('11:00 AM', '7:00 下午'), without a zone abbreviation. */
const timeOfDay = (text: string) => /(\d{1,2}:\d{2} \S+?)(?: [A-Z]{3})?$/.exec(text)?.[1];

describe('dates on the dashboard and the appointments page', () => {
  it('read alike in Spanish and Chinese: the month named, then h:mm A, no numeric date', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    try {
      for (const { locale, title, meridiem, day } of [
        {
          locale: 'es-MX',
          title: 'Citas',
          meridiem: /^(AM|PM)$/,
          day: /^\d{1,2} de (ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic) de \d{4}$/,
        },
        { locale: 'zh', title: '预约', meridiem: /^(上午|下午)$/, day: /^\d{4}年\d{1,2}月\d{1,2}日$/ },
      ]) {
        await page.goto(`${baseUrl()}/dashboard`);
        await page.getByLabel(LANGUAGE_MENU).selectOption(locale);
        await expect
          .poll(() => upcomingItems(page).locator('time').first().innerText())
          .toMatch(new RegExp(day.source.slice(0, -1)));
        // The dashboard: the day with its month named, then the time as the appointments page writes it.
        const dashboard = await times(upcomingItems(page).locator('time'));
        for (const { text } of dashboard) {
          const [date, time] = text.split(', ');
          expect(date, text).toMatch(day);
          if (time) expect(timeOfDay(time)?.split(' ')[1], text).toMatch(meridiem);
          expect(text).not.toMatch(/中午|晚上|凌晨|早上/);
        }
        await checkScreen(page, `dashboard-appointments-${locale}`);

        await page.goto(`${baseUrl()}/appointments`);
        await expect.poll(() => heading(page)).toBe(title);
        const table = await times(tableTimes(page));
        for (const { text } of table) {
          expect(text).toMatch(new RegExp(`${day.source.slice(0, -1)}( \\d{1,2}:\\d{2} \\S+)?( [A-Z]{3})?$`));
          expect(text).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
          const time = timeOfDay(text);
          if (time) expect(time.split(' ')[1], text).toMatch(meridiem);
        }
        // The same appointment shows the same time of day on both screens.
        const shared = dashboard.filter((d) => d.text.includes(':'));
        expect(shared.length).toBeGreaterThan(0);
        for (const item of shared) {
          const row = table.find((r) => r.iso === item.iso);
          expect(row, item.text).toBeDefined();
          expect(timeOfDay(item.text.split(', ')[1]!)).toBe(timeOfDay(row!.text));
        }
        await checkScreen(page, `appointments-${locale}`);
      }
    } finally {
      await page.getByLabel(LANGUAGE_MENU).selectOption('en-US');
      await expect.poll(() => path(page)).toBe('/appointments');
      await expect.poll(() => heading(page)).toBe('Appointments');
    }
    await context.close();
  });
});

describe('upcoming', () => {
  it('is one rule: john.smith’s dashboard lists exactly the appointments his page files under Upcoming', async () => {
    // John's lab work is at 8:00 AM today (New York): after that hour it is past on both screens, not
    // '(today)' on the dashboard and Past on the appointments page.
    const { page, context } = await openPage(browser());
    await logIn(page, 'john.smith');
    await expect.poll(() => heading(page)).toBe('Welcome, John');
    await expect.poll(() => upcomingItems(page).count()).toBeGreaterThan(0);
    const external = upcomingItems(page).filter({ hasNot: page.getByText('Recommended', { exact: true }) });
    const dashboard = (await times(external.locator('time'))).map((t) => t.iso);
    for (const iso of dashboard) expect(Date.parse(iso), iso).toBeGreaterThan(Date.now() - 60_000);

    await page.goto(`${baseUrl()}/appointments`);
    await expect.poll(() => heading(page)).toBe('Appointments');
    await page.getByRole('button', { name: 'Show Filters' }).click();
    try {
      const saved = preferenceSaved(page);
      await field(page, 'Date').selectOption('Upcoming');
      await saved;
      const upcoming = (await times(tableTimes(page))).map((t) => t.iso);
      expect(dashboard).toEqual(upcoming.slice(0, dashboard.length));
      for (const iso of upcoming) expect(Date.parse(iso), iso).toBeGreaterThan(Date.now() - 60_000);
      await checkScreen(page, 'appointments-upcoming-john');
      const past = preferenceSaved(page);
      await field(page, 'Date').selectOption('Past');
      await past;
      const pastTimes = (await times(tableTimes(page))).map((t) => t.iso);
      for (const iso of pastTimes) expect(dashboard).not.toContain(iso);
    } finally {
      const cleared = preferenceSaved(page);
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await cleared;
    }
    await context.close();
  });
});
