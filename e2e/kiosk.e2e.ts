import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_SECRETS } from '../apps/server/src/demo/demo';
import { baseUrl, checkScreen, expectAccessible, openPage, port } from './support/browser';
import { DEMO_PASSWORD, field, heading, messageBar, path, useBrowser } from './support/pages';

// The questionnaire kiosk (spec 001 sections 2 to 9; docs/adr/0010-kiosk-entry.md): the front desk's kiosk staff
// (kiosk.staff of Riverside, who also serves Lakeside) list the patients with questionnaires due today, filter by
// facility and start a patient's kiosk session; the patient answers on the patient's facility's address and
// 'Finish and exit' (or Log Out) returns the device to the kiosk login of the staff's facility. And a kiosk
// device's entry address, /kio{secret}.
//
// The demo's kiosk patients are this file's own: Carmen Ortiz (Lakeside, PHQ-9 and GAD-7 due today) and Thomas
// Nguyen (Lakeside, the distress thermometer due today) answer here; the other rows are only read.

const browser = useBrowser();

/** Riverside's address as the server builds it (its canonical alias), where the staff's kiosk login is. */
const riverside = () => `http://localhost:${port()}`;
const lakeside = () => `http://lakeside.localhost:${port()}`;

/** A calendar day (YYYY-MM-DD) in Riverside's time zone, `offset` days from today. */
function riversideDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

/** A day as the date field shows it, 'MMM D, YYYY' ('Mar 5, 2026'). */
function shown(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The US form people type a date in, month first: '3/5/2026'. */
function typedUs(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${m}/${d}/${y}`;
}

/** Types a day into the due date field as a person would (all of it replaced), then leaves the field. */
async function typeDueDate(page: Page, text: string) {
  const dueDate = field(page, 'Due date');
  await dueDate.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const startButton = (page: Page, name: string) =>
  page.getByRole('button', { name: `Start questionnaires for ${name}` });
const listed = (page: Page) =>
  page
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));

/** The kiosk login of `origin`, then the kiosk list. */
async function staffLogIn(page: Page, origin = baseUrl()) {
  await page.goto(`${origin}/kioskLogin`);
  await expect.poll(() => heading(page)).toBe('Questionnaire Kiosk');
  await page.getByLabel('Username').fill('kiosk.staff');
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/kioskQuestionnaires');
  await page.getByRole('table').waitFor();
}

/** Start on a row, then Yes in 'Start Questionnaire?'. */
async function startSession(page: Page, name: string) {
  await startButton(page, name).click();
  const modal = page.getByRole('dialog', { name: 'Start Questionnaire?' });
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Yes' }).click();
}

describe('the kiosk staff’s list', () => {
  it('lists today’s patients of both facilities, filters by facility and day, and asks before starting', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await staffLogIn(page);
    const dueDate = field(page, 'Due date');
    expect(await dueDate.inputValue()).toBe(shown(riversideDay()));
    // Another day typed as people write it (3/5/2026), asked for as the query sends it (year-month-day), shown as
    // 'Mar 5, 2026'; then today again, typed as the field shows it.
    const asked = page.waitForRequest((r) => r.url().includes(`/api/kiosk/questionnaires?dueDate=${riversideDay(1)}`));
    await typeDueDate(page, typedUs(riversideDay(1)));
    await asked;
    expect(await dueDate.inputValue()).toBe(shown(riversideDay(1)));
    await typeDueDate(page, shown(riversideDay()));
    expect(await dueDate.inputValue()).toBe(shown(riversideDay()));
    // A typed date that does not read as one is ignored: leaving the field shows the day again.
    await typeDueDate(page, 'Feb 30, 2026');
    expect(await dueDate.inputValue()).toBe(shown(riversideDay()));

    // Both facilities, by last name: Grace's two, Daniel's not yet active, Lakeside's patients beside Riverside's.
    await row(page, 'Thomas Nguyen').waitFor();
    const names = await listed(page);
    for (const name of ['Grace Thompson', 'Daniel Brooks', 'Carmen Ortiz', 'Thomas Nguyen']) {
      expect(names).toContain(name);
    }
    expect(names.indexOf('Daniel Brooks')).toBeLessThan(names.indexOf('Thomas Nguyen'));
    expect(await row(page, 'Grace Thompson').innerText()).toContain('RCC-100901');
    expect(await row(page, 'Grace Thompson').locator('td').nth(4).innerText()).toBe('2');
    expect(await row(page, 'Daniel Brooks').innerText()).toContain('Questionnaires not yet active');
    expect(await startButton(page, 'Daniel Brooks').count()).toBe(0);
    expect(await row(page, 'Ana Souza').count()).toBe(0);
    await checkScreen(page, 'kiosk-list');

    // Tomorrow, by keyboard through the calendar: its button opens it on the day shown (today, which has the
    // keyboard), Month and Year selects above it; Escape closes it and gives the keyboard back to the button.
    const calendarButton = page.getByRole('button', { name: 'Choose a date' });
    await dueDate.focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => calendarButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Choose a date' });
    await calendar.waitFor();
    const todayLabel = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(todayLabel).toBe(
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${riversideDay()}T12:00:00Z`),
      ),
    );
    expect(await calendar.getByRole('combobox', { name: 'Month' }).locator('option:checked').innerText()).toBe(
      new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
        new Date(`${riversideDay()}T12:00:00Z`),
      ),
    );
    expect(await calendar.getByRole('combobox', { name: 'Year' }).inputValue()).toBe(riversideDay().slice(0, 4));
    // The week starts on Sunday in US English.
    expect(await calendar.locator('thead th').first().innerText()).toBe('Su');
    await checkScreen(page, 'kiosk-due-date-calendar');
    // The selects turn the calendar, within the field's limits (2000 to 2100); choosing nothing changes nothing.
    const years = calendar.getByRole('combobox', { name: 'Year' });
    const yearOptions = await years.locator('option').allInnerTexts();
    expect([yearOptions[0], yearOptions.at(-1), yearOptions.length]).toEqual(['2000', '2100', 101]);
    const nextYear = String(Number(riversideDay().slice(0, 4)) + 1);
    await years.focus();
    await years.selectOption(nextYear);
    const months = calendar.getByRole('combobox', { name: 'Month' });
    await months.focus();
    await months.selectOption({ label: 'January' });
    await calendar.getByRole('button', { name: `1 January ${nextYear}`, exact: true }).waitFor();
    expect(await calendar.getByRole('button', { name: `31 January ${nextYear}`, exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => calendar.count()).toBe(0);
    await expect.poll(() => calendarButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dueDate.inputValue()).toBe(shown(riversideDay()));
    // Open again, Right arrow to tomorrow (into the next month when today is the month's last day), Enter.
    await page.keyboard.press('Enter');
    await calendar.waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => calendar.count()).toBe(0);
    await expect.poll(() => calendarButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dueDate.inputValue()).toBe(shown(riversideDay(1)));
    // Tomorrow: Ana Souza's PHQ-9.
    await expect.poll(() => listed(page)).toContain('Ana Souza');
    expect(await row(page, 'Grace Thompson').count()).toBe(0);
    await typeDueDate(page, riversideDay());
    await row(page, 'Grace Thompson').waitFor();

    // Lakeside only.
    const facility = field(page, 'Facility');
    expect(await facility.locator('option').allInnerTexts()).toEqual(['All', 'Riverside', 'Lakeside']);
    await facility.selectOption({ label: 'Lakeside' });
    await expect.poll(() => listed(page)).toEqual(['Thomas Nguyen', 'Carmen Ortiz']);
    await page.getByText(/^2 patients with questionnaires due /).waitFor();
    await checkScreen(page, 'kiosk-list-lakeside');

    // Start asks first; Cancel changes nothing.
    await startButton(page, 'Carmen Ortiz').click();
    const modal = page.getByRole('dialog', { name: 'Start Questionnaire?' });
    await modal.waitFor();
    const text = await modal.innerText();
    for (const part of ['Carmen Ortiz', 'LCC-2002', 'Lakeside', 'Patient Health Questionnaire (PHQ-9)']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('Anxiety questionnaire (GAD-7)');
    await checkScreen(page, 'kiosk-start-modal');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => modal.count()).toBe(0);
    expect(path(page)).toBe('/kioskQuestionnaires');

    // From the keyboard: Start, Escape closes, Start again, Cancel has the keyboard first.
    await startButton(page, 'Thomas Nguyen').focus();
    await page.keyboard.press('Enter');
    await modal.waitFor();
    await expect
      .poll(() => modal.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says when the kiosk is switched off, or a session cannot start', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    await staffLogIn(page);
    await row(page, 'Thomas Nguyen').waitFor();
    // The session could not start: the message bar says so, and the staff stays on the list.
    await page.route(/\/initiateLogon$/, (route) => route.fulfill({ status: 500, json: { error: 'internal_error' } }));
    await startSession(page, 'Thomas Nguyen');
    await expect
      .poll(() => messageBar(page))
      .toContain('The questionnaire session could not be started. Please try again.');
    expect(path(page)).toBe('/kioskQuestionnaires');

    await page.route(/\/api\/kiosk\/questionnaires\?/, (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: 'feature_inactive',
          message: 'Kiosk feature has been disabled. Enable the kiosk feature and try again.',
          requestId: '00000000-0000-0000-0000-000000000000',
        },
      }),
    );
    await typeDueDate(page, typedUs(riversideDay(2)));
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Kiosk unavailable' }).innerText())
      .toContain('Kiosk feature has been disabled. Enable the kiosk feature and try again.');
    expect(await page.getByRole('table').count()).toBe(0);
    await checkScreen(page, 'kiosk-feature-inactive');
    await context.close();
  });
});

describe('a patient’s kiosk session', () => {
  it('opens on the patient’s facility, and Log Out returns the device to the staff’s kiosk login', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await staffLogIn(page);
    await field(page, 'Facility').selectOption({ label: 'Lakeside' });
    await startSession(page, 'Carmen Ortiz');

    // Two questionnaires: her list, on Lakeside's address, under the kiosk header.
    await expect
      .poll(() => page.url(), { timeout: 15_000 })
      .toBe(`${lakeside()}/patientKioskQuestionnaires?startIfOnlyOne=true`);
    await expect.poll(() => heading(page)).toBe('My Questionnaires');
    await page.getByRole('link', { name: 'Start Now' }).nth(1).waitFor();
    expect(await page.evaluate(() => window.sessionStorage.getItem('loginType'))).toBe('patientKioskUser');
    expect(await page.locator('a[href="/dashboard"]').count()).toBe(0);
    await expectAccessible(page);

    // She answers the GAD-7, then leaves the rest for later: Log Out.
    await page
      .getByTestId('questionnaire-card')
      .filter({ hasText: 'Anxiety questionnaire (GAD-7)' })
      .getByRole('link', { name: 'Start Now' })
      .click();
    await expect.poll(() => heading(page)).toBe('Anxiety questionnaire (GAD-7)');
    for (const radios of await page.getByRole('group').all()) {
      if ((await radios.getByRole('radio').count()) > 0) await radios.getByRole('radio').first().check();
    }
    await page.getByRole('button', { name: 'Submit Questionnaire' }).click();
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    await page.getByTestId('back-to-questionnaires').click();
    await expect.poll(() => path(page)).toBe('/patientKioskQuestionnaires');
    await page.getByText('Patient Health Questionnaire (PHQ-9)').waitFor();

    await page.getByRole('button', { name: 'Carmen Ortiz' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${riverside()}/kioskLogin`);
    await expect.poll(() => page.title()).toBe('Questionnaire Kiosk - Riverside');
    expect(await page.evaluate(() => window.sessionStorage.getItem('access_token'))).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('warns a patient who leaves the device idle, keeps the session on Continue, then returns to the kiosk start', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    // The page's clock, moved on by the test: Riverside's kiosk idle limit is 3 minutes.
    await context.clock.install();
    await staffLogIn(page);
    await field(page, 'Facility').selectOption({ label: 'Lakeside' });
    await startSession(page, 'Carmen Ortiz');
    // After the journey above she has the PHQ-9 left, which opens at once; run alone, her list of two shows.
    await expect
      .poll(() => path(page), { timeout: 15_000 })
      .toMatch(/^\/(patientKioskQuestionnaires|complete-kiosk-questionnaire)$/);
    await expect.poll(() => heading(page)).toMatch(/^(My Questionnaires|Patient Health Questionnaire \(PHQ-9\))$/);

    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await page.clock.fastForward('01:30');
    expect(await warning.count()).toBe(0);
    await page.clock.fastForward('00:20');
    await warning.waitFor();
    await expect
      .poll(() => warning.innerText())
      .toMatch(/this session will end in \d+ seconds and the kiosk will return to its start/);
    await checkScreen(page, 'kiosk-idle-warning');
    await warning.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('access_token'))).not.toBeNull();

    // Nobody comes back: the warning again, then the device returns to the staff's kiosk login by itself.
    await page.clock.fastForward('01:50');
    await warning.waitFor();
    await page.clock.fastForward('01:10');
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${riverside()}/kioskLogin`);
    expect(await page.evaluate(() => window.sessionStorage.getItem('access_token'))).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("completes the only questionnaire at once, and 'Finish and exit' leaves the device ready for the next patient", async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    await staffLogIn(page);
    await field(page, 'Facility').selectOption({ label: 'Lakeside' });
    await startSession(page, 'Thomas Nguyen');

    // One questionnaire: it opens at once (startIfOnlyOne), on Lakeside's address.
    await expect.poll(() => new URL(page.url()).host, { timeout: 15_000 }).toBe(`lakeside.localhost:${port()}`);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/complete-kiosk-questionnaire');
    await expect.poll(() => heading(page)).toBe('Distress Thermometer and problem list');
    const slider = page.getByRole('slider', { name: /^Please choose the number \(0 to 10\)/ });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('2');
    await page.getByRole('button', { name: 'Submit Questionnaire' }).click();
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    const finish = page.getByTestId('finish-and-exit');
    await finish.waitFor();
    await finish.click();

    // Back at Riverside's kiosk login, no session left: the staff logs in for the next patient.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${riverside()}/kioskLogin`);
    await expect.poll(() => heading(page)).toBe('Questionnaire Kiosk');
    expect(await page.evaluate(() => window.sessionStorage.getItem('access_token'))).toBeNull();
    await checkScreen(page, 'kiosk-after-exit');
    await staffLogIn(page, riverside());
    await field(page, 'Facility').selectOption({ label: 'Lakeside' });
    await expect.poll(() => listed(page)).toEqual(['Carmen Ortiz']);
    await context.close();
  });
});

describe('the kiosk entry address', () => {
  it('opens the kiosk login of the facility whose secret it is; an unknown one is not found', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/kio${DEMO_SECRETS.kioskEntryLakeside}`);
    await expect.poll(() => page.url(), { timeout: 10_000 }).toBe(`${lakeside()}/kioskLogin`);
    await expect.poll(() => page.title()).toBe('Questionnaire Kiosk - Lakeside');

    await page.goto(`${baseUrl()}/kio${DEMO_SECRETS.kioskEntryRiverside}`);
    await expect.poll(() => page.url(), { timeout: 10_000 }).toBe(`${riverside()}/kioskLogin`);
    await expect.poll(() => page.title()).toBe('Questionnaire Kiosk - Riverside');

    await page.goto(`${baseUrl()}/kio-not-a-kiosk-secret-0000`);
    await expect.poll(() => heading(page)).toBe('Page not found');
    expect(path(page)).toBe('/kio-not-a-kiosk-secret-0000');
    await checkScreen(page, 'kiosk-entry-unknown');
    // The kiosk's own pages are untouched.
    await page.goto(`${baseUrl()}/kioskLogin`);
    await expect.poll(() => heading(page)).toBe('Questionnaire Kiosk');
    await page.goto(`${baseUrl()}/kioskQuestionnaires`);
    await expect.poll(() => path(page)).toBe('/kioskLogin');
    await context.close();
  });
});
