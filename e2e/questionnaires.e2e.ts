import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, checkScreen, expectAccessible, openPage } from './support/browser';
import { DEMO_PASSWORD, field, heading, logIn, messageBar, path, useBrowser } from './support/pages';
import { integrationToken } from './support/integration';

// Questionnaires (spec 001 sections 2 to 9): jane.doe's Current and History lists, completing each demo
// instrument by keyboard alone, the validation failure, the cancel modal, declining, the review, the scoring
// page's messages, the header badge, a draft begun on the kiosk and finished at home, 'Finish and exit', and the
// pages in Spanish and Chinese.
//
// The demo's assignments of Jane (GAD-7 overdue, PHQ-9 due today, the pre-visit form next week) are shared with
// other journeys (the kiosk's among them), so the journeys that answer or decline one first assign their own
// through the integration API, as the facility's system would, under a new identifier on every attempt. What
// they check of the lists is relative to what they found, so a retried journey still holds, and Jane keeps her
// demo questionnaires for the journeys after this file.

const browser = useBrowser();

const MRN = 'RCC-100234';
const ZONE = 'America/New_York';

const TEMPLATES = {
  phq9: 'demo-q-phq-9',
  gad7: 'demo-q-gad-7',
  esas: 'demo-q-esas-r',
  distress: 'demo-q-distress-thermometer',
  preVisit: 'demo-q-pre-visit',
} as const;
type Instrument = keyof typeof TEMPLATES;

const TITLES: Record<Instrument, string> = {
  phq9: 'Patient Health Questionnaire (PHQ-9)',
  gad7: 'Anxiety questionnaire (GAD-7)',
  esas: 'Symptom check (ESAS-r)',
  distress: 'Distress Thermometer and problem list',
  preVisit: 'Before your clinic visit',
};

const VALIDATE_FAILED = 'Some questions still need an answer. Please check the questions marked Required.';

/* ------------------------------------------------------------------ the facility's system */

/** The facility's calendar day `offset` days from today (its zone, as the server counts). */
function facilityDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

let assignments = 0;

/**
 * Assigns Jane one of the demo's instruments as the facility's system would, due `dueOffset` days from today
 * and open from today; answers the portal's id of the assignment (assignedQuestionnaireId).
 */
async function assignToJane(instrument: Instrument, dueOffset = 0): Promise<number> {
  assignments += 1;
  const externalId = `e2e-${instrument}-${Date.now().toString(36)}-${assignments}`;
  const res = await fetch(`${baseUrl()}/integration/v1/patients/${MRN}/questionnaire-assignments/${externalId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await integrationToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      templateExternalId: TEMPLATES[instrument],
      dueDate: facilityDay(dueOffset),
      availableFrom: facilityDay(Math.min(dueOffset, 0)),
    }),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { id: number }).id;
}

/* ------------------------------------------------------------------ pages */

const cards = (page: Page) => page.getByTestId('questionnaire-card');
const cardOf = (page: Page, id: number) =>
  cards(page).filter({ has: page.locator(`a[href^="/complete-questionnaire?id=${id}"]`) });
const kioskCardOf = (page: Page, id: number) =>
  cards(page).filter({ has: page.locator(`a[href^="/complete-kiosk-questionnaire?id=${id}"]`) });
const historyItems = (page: Page) => page.getByTestId('history-item');
const errors = (page: Page) => page.getByTestId('question-error');

/**
 * Narrows the patient's list of assigned questionnaires to the ids `keep` answers when asked, so a journey sees
 * only what it assigned. A list request still in flight when the journey closes its page has nothing left to
 * answer, and one the server refuses (the session ended) is passed on: neither is a failure.
 */
async function listOnly(page: Page, keep: () => number[]): Promise<void> {
  await page.route(/\/assignedquestionnaires\?/, async (route) => {
    try {
      const response = await route.fetch();
      const all: unknown = response.ok() ? await response.json() : null;
      // An answer that is not the list (the session ended: 401) goes to the page as it came.
      if (!Array.isArray(all)) return await route.fulfill({ response });
      const ids = keep();
      await route.fulfill({
        json: (all as { assignedQuestionnaireId: number }[]).filter((q) => ids.includes(q.assignedQuestionnaireId)),
      });
    } catch (error) {
      if (!page.isClosed() && !/disposed|closed/i.test(String(error))) throw error;
    }
  });
}

/** The count on the Questionnaires tab (0 when no badge shows). */
async function tabBadge(page: Page): Promise<number> {
  const badge = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Questionnaires/ })
    .getByTestId('nav-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText());
}

async function openQuestionnaires(page: Page) {
  await logIn(page, 'jane.doe');
  await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/dashboard');
  await page.goto(`${baseUrl()}/questionnaires`);
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Questionnaires');
  await cards(page).first().waitFor();
}

/* ------------------------------------------------------------------ the keyboard */

const isFocused = (target: Locator) => target.evaluateAll((els) => els.includes(document.activeElement as HTMLElement));

/** Presses Tab (only Tab) until the keyboard is on `target` (any of its elements). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The group of a question: its fieldset, named by its legend. */
const group = (page: Page, question: string | RegExp) => page.getByRole('group', { name: question });

/** A radio question: Tab into it, Space on its first option, then Down arrow to the one wanted (0-based). */
async function chooseRadio(page: Page, question: string | RegExp, index: number) {
  await tabTo(page, group(page, question).getByRole('radio'));
  await page.keyboard.press('Space');
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect.poll(() => group(page, question).getByRole('radio').nth(index).isChecked()).toBe(true);
}

/** A row of a matrix: Tab into it, Space on its first column, Right arrow to the one wanted. */
async function chooseMatrix(page: Page, row: string, index: number) {
  const radios = page.getByRole('radio', { name: new RegExp(`^${escape(row)}`) });
  await tabTo(page, radios);
  await page.keyboard.press('Space');
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => radios.nth(index).isChecked()).toBe(true);
}

/** A slider: Tab to its thumb; Home for 0, else Right arrow up to the value (it starts unanswered at 0). */
async function setSlider(page: Page, question: string | RegExp, value: number) {
  const slider = page.getByRole('slider', { name: question });
  await tabTo(page, slider);
  if (value === 0) await page.keyboard.press('Home');
  for (let i = 0; i < value; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe(String(value));
}

async function tick(page: Page, label: string) {
  const box = page.getByRole('checkbox', { name: label, exact: true });
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect.poll(() => box.isChecked()).toBe(true);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Submit Questionnaire, by Tab and Enter. */
async function submitByKeyboard(page: Page) {
  await tabTo(page, page.getByRole('button', { name: 'Submit Questionnaire' }));
  await page.keyboard.press('Enter');
}

/** Start Now on a card, by Tab and Enter. */
async function startByKeyboard(page: Page, card: Locator) {
  await tabTo(page, card.getByRole('link', { name: 'Start Now' }));
  await page.keyboard.press('Enter');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A numbered question by its number and the start of its text ('3. Worrying too much…'). */
const numbered = (n: number, text: string) => new RegExp(`^${n}\\. ${escape(text)}`);

/* ------------------------------------------------------------------ answering each instrument */

const FREQUENCY = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];

const PHQ9_QUESTIONS = [
  'Little interest or pleasure in doing things',
  'Feeling down, depressed, or hopeless',
  'Trouble falling or staying asleep, or sleeping too much',
  'Feeling tired or having little energy',
  'Poor appetite or overeating',
  'Feeling bad about yourself',
  'Trouble concentrating on things',
  'Moving or speaking so slowly',
  'Thoughts that you would be better off dead',
];

async function answerPhq9(page: Page, scores: number[]) {
  for (const [i, question] of PHQ9_QUESTIONS.entries()) {
    await chooseRadio(page, numbered(i + 1, question), scores[i]!);
  }
}

const GAD7_QUESTIONS = [
  'Feeling nervous, anxious, or on edge',
  'Not being able to stop or control worrying',
  'Worrying too much about different things',
  'Trouble relaxing',
  'Being so restless that it is hard to sit still',
  'Becoming easily annoyed or irritable',
  'Feeling afraid, as if something awful might happen',
];

const ESAS_SYMPTOMS = [
  /^Pain/,
  /^Tiredness/,
  /^Drowsiness/,
  /^Nausea/,
  /^Lack of appetite/,
  /^Shortness of breath/,
  /^Depression/,
  /^Anxiety/,
  /^Wellbeing/,
];

describe("jane.doe's questionnaires", () => {
  it('lists Current with Due and Overdue, and History with Completed, Declined and Missed; reviews a completed one', async () => {
    const overdue = await assignToJane('gad7', -3);
    const dueToday = await assignToJane('phq9', 0);
    const { page, context, consoleErrors } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/dashboard');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Questionnaires/ })
      .click();
    await expect.poll(() => path(page)).toBe('/questionnaires');
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Questionnaires');
    expect(await page.title()).toMatch(/^Questionnaires - /);
    await cardOf(page, overdue).waitFor();

    // Each card: title, description, due date as 'MMM DD, YYYY', Due or Overdue, the new indicator, Start Now.
    const late = cardOf(page, overdue);
    expect(await late.getByRole('heading', { level: 2 }).innerText()).toBe(TITLES.gad7);
    expect(await late.innerText()).toContain('Seven questions about worry and nervousness over the last 2 weeks.');
    expect(await late.getByTestId('questionnaire-status').innerText()).toBe('Overdue');
    expect(await late.getByTestId('questionnaire-due').innerText()).toMatch(/^Due date: [A-Z][a-z]{2} \d{2}, \d{4}$/);
    expect(await late.getByTestId('questionnaire-new').innerText()).toBe('New');
    const today = cardOf(page, dueToday);
    expect(await today.getByTestId('questionnaire-status').innerText()).toBe('Due');
    expect(await today.getByRole('link', { name: 'Start Now' }).getAttribute('href')).toBe(
      `/complete-questionnaire?id=${dueToday}`,
    );
    // Due date first: the overdue one comes before the one due today.
    const ids = await cards(page)
      .getByRole('link', { name: 'Start Now' })
      .evaluateAll((links) => links.map((a) => Number(new URL((a as HTMLAnchorElement).href).searchParams.get('id'))));
    expect(ids.indexOf(overdue)).toBeLessThan(ids.indexOf(dueToday));
    await checkScreen(page, 'questionnaires-current');

    // History, by the keyboard: arrow keys move between the tabs.
    await tabTo(page, page.getByRole('tab', { name: 'Current' }));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).search).toBe('?view=history');
    await historyItems(page).first().waitFor();
    const labelled = async (title: string, status: string) =>
      historyItems(page)
        .filter({ hasText: title })
        .filter({ has: page.locator(`[data-status="${status}"]`) });
    const completed = await labelled(TITLES.esas, 'Completed');
    expect(await completed.count()).toBeGreaterThan(0);
    expect(await (await labelled(TITLES.distress, 'Declined')).count()).toBeGreaterThan(0);
    const missed = await labelled(TITLES.phq9, 'Missed');
    expect(await missed.count()).toBeGreaterThan(0);
    // Completed and declined by the day they were; Missed by its due day; only a completed one has Review.
    expect(await completed.last().getByTestId('history-date').innerText()).toMatch(
      /^Completed on [A-Z][a-z]{2} \d{2}, \d{4}$/,
    );
    expect(await missed.first().getByTestId('history-date').innerText()).toMatch(
      /^Due date: [A-Z][a-z]{2} \d{2}, \d{4}$/,
    );
    expect(await missed.first().getByRole('link', { name: 'Review' }).count()).toBe(0);
    await checkScreen(page, 'questionnaires-history');

    // The demo's symptom check, answered three weeks ago: read-only, with its messages.
    await completed.last().getByRole('link', { name: 'Review' }).click();
    await expect.poll(() => path(page)).toBe('/review-questionnaire');
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.esas);
    expect(await page.title()).toMatch(/^Review Questionnaire - /);
    expect(await page.getByTestId('review-completed-date').innerText()).toMatch(
      /^Completed on [A-Z][a-z]{2} \d{2}, \d{4}$/,
    );
    expect((await page.getByTestId('score-message').count()) > 0).toBe(true);
    const review = page.getByTestId('review-item');
    expect(
      await review.filter({ hasText: 'Other problem (for example, constipation): what is it?' }).innerText(),
    ).toContain('Constipation');
    expect(await review.filter({ hasText: /^Tiredness/ }).innerText()).toContain('6');
    // Nothing to change on it.
    expect(await page.locator('main input, main select, main textarea').count()).toBe(0);
    await checkScreen(page, 'questionnaires-review');
    await page.getByTestId('review-back').click();
    await expect.poll(() => path(page)).toBe('/questionnaires');
    expect(new URL(page.url()).search).toBe('?view=history');
    expect(await page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('completes the PHQ-9 by keyboard alone; the scoring page shows the completion and score messages', async () => {
    const id = await assignToJane('phq9', 0);
    const { page, context, consoleErrors } = await openPage(browser());
    await openQuestionnaires(page);
    await startByKeyboard(page, cardOf(page, id));
    await expect.poll(() => path(page)).toBe('/complete-questionnaire');
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.phq9);
    expect(await page.getByTestId('required-note').innerText()).toBe('An asterisk (*) marks a required question.');
    // Several days for each (9: mild), and for question 9 too: its own message.
    await answerPhq9(page, [1, 1, 1, 1, 1, 1, 1, 1, 1]);
    await chooseRadio(page, /^If you checked off any problems/, 1);
    await checkScreen(page, 'questionnaires-phq9-answered');
    await submitByKeyboard(page);

    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.phq9);
    expect(await page.getByTestId('completion-message').innerText()).toBe(
      'Thank you for completing the PHQ-9. Your care team will review your answers before your next visit.',
    );
    const scores = await page.getByTestId('score-message').allInnerTexts();
    expect(scores).toEqual([
      expect.stringContaining('Your answers show some mild signs of low mood'),
      expect.stringContaining('call or text 988'),
    ]);
    await checkScreen(page, 'questionnaires-phq9-scoring');
    // No leave prompt after a submit; back to the list, where it is gone, and in the history, Completed.
    await tabTo(page, page.getByRole('link', { name: 'Back to Questionnaires' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page)).toBe('/questionnaires');
    await expect.poll(() => cardOf(page, id).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('completes the GAD-7 by keyboard alone', async () => {
    const id = await assignToJane('gad7', 1);
    const { page, context } = await openPage(browser(), { width: 375 });
    await openQuestionnaires(page);
    await startByKeyboard(page, cardOf(page, id));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.gad7);
    for (const [i, question] of GAD7_QUESTIONS.entries()) {
      await chooseRadio(page, numbered(i + 1, question), i % 4);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await submitByKeyboard(page);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    await page.getByTestId('completion-message').waitFor();
    expect(await page.getByTestId('completion-message').innerText()).toContain('GAD-7');
    await checkScreen(page, 'questionnaires-gad7-scoring');
    await context.close();
  });

  it('completes the pre-visit form, every kind of question, by keyboard alone', async () => {
    const id = await assignToJane('preVisit', 7);
    const { page, context, consoleErrors } = await openPage(browser());
    await openQuestionnaires(page);
    await startByKeyboard(page, cardOf(page, id));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.preVisit);

    // Date: typed as people write it; one that is no day is ignored (the field stays empty when the keyboard leaves),
    // one that is shows as 'Feb 28, 2025'. Then by keyboard through its calendar: the button opens it on that day;
    // Right arrow crosses into March, Page Down and Page Up turn a month, Down arrow moves a week, Enter chooses the
    // day and gives the keyboard back to the button.
    const date = page.getByLabel(/^When did you last see a doctor/);
    await typeInto(page, date, '02/30/2025');
    await page.keyboard.press('Tab');
    await expect.poll(() => date.inputValue()).toBe('');
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(date)).toBe(true);
    await page.keyboard.type('2/28/2025');
    await page.keyboard.press('Tab');
    await expect.poll(() => date.inputValue()).toBe('Feb 28, 2025');
    const calendarButton = page.getByRole('button', { name: 'Choose a date' });
    expect(await isFocused(calendarButton)).toBe(true);
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Choose a date' });
    await calendar.waitFor();
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    const shownMonth = () => calendar.getByRole('combobox', { name: 'Month' }).locator('option:checked').innerText();
    await expect.poll(focusedDay).toBe('28 February 2025');
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedDay).toBe('1 March 2025');
    expect(await shownMonth()).toBe('March');
    await page.keyboard.press('PageDown');
    await expect.poll(focusedDay).toBe('1 April 2025');
    await page.keyboard.press('PageUp');
    await expect.poll(focusedDay).toBe('1 March 2025');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedDay).toBe('15 March 2025');
    await page.keyboard.press('Enter');
    await expect.poll(() => calendar.count()).toBe(0);
    await expect.poll(() => isFocused(calendarButton)).toBe(true);
    expect(await date.inputValue()).toBe('Mar 15, 2025');
    // Dropdown: arrow keys on the closed box; 'Other' asks for its text, and choosing another clears it.
    const transport = page.getByRole('combobox', { name: /^How will you get to your visit\?/ });
    await tabTo(page, transport);
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => transport.locator('option:checked').innerText()).toBe('Other');
    const otherTransport = page.getByRole('textbox', { name: /^Please specify: Other/ });
    await typeInto(page, otherTransport, 'Neighbour');
    await tabTo(page, transport);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => otherTransport.count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('textbox', { name: /^Please specify: Other/ }).inputValue()).toBe('');
    await page.keyboard.press('ArrowUp');
    // Radio with an 'Other' option: its box is enabled only while it is chosen.
    const someoneElse = page.getByRole('textbox', { name: 'Please specify: Someone else' });
    expect(await someoneElse.isDisabled()).toBe(true);
    await chooseRadio(page, /^Who will come with you\?/, 4);
    await expect.poll(() => someoneElse.isDisabled()).toBe(false);
    await typeInto(page, someoneElse, 'My neighbour');
    // Checkboxes.
    await tick(page, 'Cough');
    await tick(page, 'Diarrhea');
    // The matrix: a table, one radio group per row, each radio named by its row and column.
    expect(await page.getByTestId('matrix').locator('table').count()).toBe(1);
    await chooseMatrix(page, 'had trouble sleeping?', 1);
    await chooseMatrix(page, 'felt short of breath?', 0);
    await chooseMatrix(page, 'missed a dose of your medicines?', 0);
    await chooseMatrix(page, 'needed help with everyday activities?', 2);
    expect(await page.getByRole('radio', { name: 'had trouble sleeping?: Sometimes' }).isChecked()).toBe(true);
    // Number: digits only, clamped to 0-20 on leaving the box.
    const falls = page.getByRole('textbox', { name: /^How many times have you fallen/ });
    await typeInto(page, falls, '4x5');
    await expect.poll(() => falls.inputValue()).toBe('45');
    await page.keyboard.press('Tab');
    await expect.poll(() => falls.inputValue()).toBe('20');
    // The minus button lowers it by one.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => falls.inputValue()).toBe('19');
    // Slider with its marks and end labels.
    expect(await page.getByTestId('slider-lower-label').first().innerText()).toBe('No pain');
    await setSlider(page, /^How much pain do you have right now\?/, 3);
    expect(await page.getByRole('slider', { name: /^How much pain/ }).getAttribute('aria-valuetext')).toBe('3');
    // Texts, one line and several, with the counter.
    await typeInto(page, page.getByRole('textbox', { name: 'Which pharmacy do you use?' }), 'Main Street Pharmacy');
    const topics = page.getByRole('textbox', { name: 'What would you like to talk about at your visit?' });
    await typeInto(page, topics, 'My sleep');
    await page.keyboard.press('Enter');
    await page.keyboard.type('and my appetite');
    expect(await page.getByText('24 of 2000 characters').count()).toBe(1);
    expect(await errors(page).count()).toBe(0);
    await checkScreen(page, 'questionnaires-previsit-answered');

    await submitByKeyboard(page);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    expect(await page.getByTestId('completion-message').innerText()).toBe(
      'Thank you. Your answers have been sent to your care team, who will see them before your visit.',
    );
    // Its review reads every answer back.
    await page.goto(`${baseUrl()}/review-questionnaire?id=${id}`);
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.preVisit);
    const review = await page.locator('main').innerText();
    for (const text of [
      'Mar 15, 2025',
      'Someone else: My neighbour',
      'Cough',
      'Diarrhea',
      '19',
      'Main Street Pharmacy',
    ]) {
      expect(review).toContain(text);
    }
    expect(
      await page
        .getByTestId('review-matrix')
        .getByRole('row', { name: /had trouble sleeping\? Sometimes/ })
        .count(),
    ).toBe(1);
    await checkScreen(page, 'questionnaires-previsit-review');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('completes the ESAS-r sliders and the distress thermometer by keyboard alone', async () => {
    const esas = await assignToJane('esas', 0);
    const distress = await assignToJane('distress', 0);
    const { page, context } = await openPage(browser());
    await openQuestionnaires(page);

    await startByKeyboard(page, cardOf(page, esas));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.esas);
    for (const [i, symptom] of ESAS_SYMPTOMS.entries()) await setSlider(page, symptom, i % 3);
    await checkScreen(page, 'questionnaires-esas-answered');
    await submitByKeyboard(page);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    await expect.poll(() => page.getByTestId('score-message').count()).toBeGreaterThan(0);
    await tabTo(page, page.getByRole('link', { name: 'Back to Questionnaires' }));
    await page.keyboard.press('Enter');

    await cardOf(page, distress).waitFor();
    await startByKeyboard(page, cardOf(page, distress));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.distress);
    await setSlider(page, /^Please choose the number \(0 to 10\)/, 6);
    await tick(page, 'Transportation');
    await tick(page, 'Other problem (please describe)');
    await typeInto(page, page.getByRole('textbox', { name: /^Please specify: Other problem/ }), 'Parking');
    await submitByKeyboard(page);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    await expect
      .poll(() => page.getByTestId('score-message').allInnerTexts())
      .toEqual([expect.stringContaining('Things have been hard for you lately')]);
    await context.close();
  });
});

describe('mistakes, second thoughts and failures', () => {
  it('submitting with questions unanswered says so, scrolls to the top and puts the keyboard on the first', async () => {
    const id = await assignToJane('preVisit', 7);
    const { page, context } = await openPage(browser());
    await openQuestionnaires(page);
    await cardOf(page, id).getByRole('link', { name: 'Start Now' }).click();
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.preVisit);
    // Nothing says Required before the patient has tried.
    expect(await errors(page).count()).toBe(0);
    await page.mouse.wheel(0, 2000);
    await submitByKeyboard(page);
    await expect.poll(() => messageBar(page)).toContain(VALIDATE_FAILED);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The first required question (the date is optional) has the keyboard, marked invalid, pointing at its message.
    const transport = page.getByRole('combobox', { name: /^How will you get to your visit\?/ });
    await expect.poll(() => isFocused(transport)).toBe(true);
    expect(await transport.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Required', { exact: true }).count()).toBe(8);
    await checkScreen(page, 'questionnaires-validation');
    // At 320 px every question fits the width (the matrix's rows become a group each).
    await page.setViewportSize({ width: 320, height: 900 });
    await expect.poll(() => page.getByTestId('matrix').locator('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Every change re-validates: answering one takes its message away. The answer is saved as a draft.
    const unanswered = await transport.inputValue();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/${id}/draft`) && r.request().method() === 'PUT' && r.status() === 204,
    );
    await tabTo(page, transport);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByText('Required', { exact: true }).count()).toBe(7);
    await saved;

    // Leaving with changes asks first: 'No, take me back' stays, 'Yes, I want to cancel' leaves.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const modal = page.getByRole('dialog', { name: 'Are you sure?' });
    await modal.waitFor();
    expect(await modal.innerText()).toContain("You'll lose any changes you've made.");
    await checkScreen(page, 'questionnaires-cancel-modal');
    await modal.getByRole('button', { name: 'No, take me back' }).click();
    await expect.poll(() => modal.count()).toBe(0);
    expect(path(page)).toBe('/complete-questionnaire');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // What the dialog says is what happens (issue 32, finding 1): the draft goes on the server too.
    const discarded = page.waitForResponse(
      (r) => r.url().endsWith(`/${id}/draft`) && r.request().method() === 'DELETE' && r.status() === 204,
    );
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Yes, I want to cancel' })
      .click();
    await discarded;
    await expect.poll(() => path(page)).toBe('/questionnaires');
    await cardOf(page, id).waitFor();
    expect(await cardOf(page, id).getByTestId('questionnaire-in-progress').count()).toBe(0);
    await cardOf(page, id).getByRole('link', { name: 'Start Now' }).click();
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.preVisit);
    expect(await transport.inputValue()).toBe(unanswered);
    await context.close();
  });

  it('declines with the confirmation modal; a failed decline says so', async () => {
    const id = await assignToJane('distress', 2);
    const { page, context } = await openPage(browser());
    await openQuestionnaires(page);
    const card = cardOf(page, id);
    await card.getByRole('button', { name: 'Decline' }).click();
    const modal = page.getByRole('dialog', { name: 'Decline Questionnaire?' });
    await modal.waitFor();
    expect(await modal.innerText()).toContain(`Are you sure you want to decline “${TITLES.distress}”?`);
    await checkScreen(page, 'questionnaires-decline-modal');
    // Cancel keeps it.
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => modal.count()).toBe(0);
    expect(await card.count()).toBe(1);

    // The server refuses once: the message bar says so and the card stays.
    await page.route('**/assignedquestionnaires/declinequestionnaire', (route) =>
      route.fulfill({ status: 500, json: { error: 'internal', message: 'x', requestId: 'x' } }),
    );
    await card.getByRole('button', { name: 'Decline' }).click();
    await modal.getByRole('button', { name: 'Yes, decline' }).click();
    await expect
      .poll(() => messageBar(page))
      .toContain('The questionnaire could not be declined. Please try again later.');
    expect(await card.count()).toBe(1);
    await page.unroute('**/assignedquestionnaires/declinequestionnaire');

    await card.getByRole('button', { name: 'Decline' }).click();
    await modal.getByRole('button', { name: 'Yes, decline' }).click();
    await expect.poll(() => messageBar(page)).toContain(`“${TITLES.distress}” was declined.`);
    await expect.poll(() => card.count()).toBe(0);
    await page.getByRole('tab', { name: 'History' }).click();
    await historyItems(page).first().waitFor();
    const declined = historyItems(page)
      .filter({ hasText: TITLES.distress })
      .filter({ has: page.locator('[data-status="Declined"]') });
    expect(await declined.count()).toBeGreaterThan(1);
    await context.close();

    // Declined by robert.doe for her: the history says whose act it was, to her as to him (issue 32, finding 5).
    const forHer = await assignToJane('distress', 3);
    const rep = await openPage(browser());
    await logIn(rep.page, 'robert.doe');
    await expect.poll(() => path(rep.page), { timeout: 10_000 }).toBe('/dashboard');
    await rep.page.goto(`${baseUrl()}/questionnaires`);
    await cardOf(rep.page, forHer).getByRole('button', { name: 'Decline' }).click();
    await rep.page
      .getByRole('dialog', { name: 'Decline Questionnaire?' })
      .getByRole('button', { name: 'Yes, decline' })
      .click();
    await expect.poll(() => cardOf(rep.page, forHer).count()).toBe(0);
    await rep.page.getByRole('tab', { name: 'History' }).click();
    const his = historyItems(rep.page)
      .filter({ has: rep.page.getByTestId('answered-by') })
      .first();
    await expect
      .poll(() => his.getByTestId('answered-by').innerText())
      .toBe('Declined by Robert Doe on behalf of Jane Doe');
    await checkScreen(rep.page, 'questionnaires-history-representative');
    await rep.context.close();
  });

  it('a failed submit says so; a failed history shows the server’s message', async () => {
    const id = await assignToJane('gad7', 0);
    const { page, context } = await openPage(browser());
    await openQuestionnaires(page);
    await cardOf(page, id).getByRole('link', { name: 'Start Now' }).click();
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.gad7);
    for (const [i, question] of GAD7_QUESTIONS.entries()) {
      await group(page, numbered(i + 1, question))
        .getByRole('radio', { name: FREQUENCY[0] })
        .check();
    }
    await page.route(`**/assignedquestionnaires/${id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { error: 'internal', message: 'x', requestId: 'x' } })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Submit Questionnaire' }).click();
    await expect.poll(() => messageBar(page)).toContain('Your answers could not be sent. Please try again later.');
    expect(path(page)).toBe('/complete-questionnaire');
    await page.unroute(`**/assignedquestionnaires/${id}`);
    await page.getByRole('button', { name: 'Submit Questionnaire' }).click();
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');

    await page.route('**/assignedquestionnaires/history?*', (route) =>
      route.fulfill({
        status: 503,
        json: {
          error: 'service_unavailable',
          message: 'The service is busy. Please try again shortly.',
          requestId: 'x',
        },
      }),
    );
    await page.goto(`${baseUrl()}/questionnaires?view=history`);
    await expect
      .poll(() => messageBar(page), { timeout: 10_000 })
      .toContain('The service is busy. Please try again shortly.');
    await expectAccessible(page);
    await context.close();
  });
});

describe('the header badge and going straight in', () => {
  it('counts the new questionnaires and drops as soon as one is opened', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'jane.doe');
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/dashboard');
    const id = await assignToJane('gad7', 3);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => tabBadge(page), { timeout: 5_000 }).toBeGreaterThan(0);
    const before = await tabBadge(page);
    await page.goto(`${baseUrl()}/questionnaires`);
    await cardOf(page, id).waitFor();
    expect(await cardOf(page, id).getByTestId('questionnaire-new').count()).toBe(1);
    await cardOf(page, id).getByRole('link', { name: 'Start Now' }).click();
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.gad7);
    await expect.poll(() => tabBadge(page), { timeout: 5_000 }).toBe(before - 1);
    // Leaving without a change asks nothing; the card is no longer new.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => path(page)).toBe('/questionnaires');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => cardOf(page, id).getByTestId('questionnaire-new').count()).toBe(0);
    await context.close();
  });

  it('isAutoRedirect with exactly one current questionnaire opens it at once', async () => {
    const { page, context } = await openPage(browser());
    await openQuestionnaires(page);
    const only = await cards(page)
      .first()
      .getByRole('link', { name: 'Start Now' })
      .evaluate((a) => Number(new URL((a as HTMLAnchorElement).href).searchParams.get('id')));
    await listOnly(page, () => [only]);
    await page.goto(`${baseUrl()}/questionnaires?isAutoRedirect=true`);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/complete-questionnaire');
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(only));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});

/* ------------------------------------------------------------------ the kiosk */

let ticketsUsed = 0;
/** A fresh kiosk ticket of Jane's (single use; the journeys of other files take them from the front). */
function kioskTicket(): string {
  const all = inject('demoTickets').kioskUser;
  ticketsUsed += 1;
  const ticket = all[all.length - ticketsUsed];
  if (!ticket) throw new Error('No kiosk ticket left');
  return ticket;
}

describe('on the kiosk and at home', () => {
  it('a questionnaire begun on the kiosk is finished at home', async () => {
    const id = await assignToJane('gad7', 0);
    const kiosk = await openPage(browser(), { width: 1024 });
    await kiosk.page.goto(`${baseUrl()}${kioskTicket()}`);
    await expect.poll(() => path(kiosk.page), { timeout: 10_000 }).toBe('/patientKioskQuestionnaires');
    await expect.poll(() => heading(kiosk.page), { timeout: 10_000 }).toBe('My Questionnaires');
    await kioskCardOf(kiosk.page, id).waitFor();
    // The kiosk list offers Start only (no Decline) and opens the kiosk's own completion page.
    expect(await kioskCardOf(kiosk.page, id).getByRole('button', { name: 'Decline' }).count()).toBe(0);
    await checkScreen(kiosk.page, 'questionnaires-kiosk-list');
    await startByKeyboard(kiosk.page, kioskCardOf(kiosk.page, id));
    await expect.poll(() => path(kiosk.page), { timeout: 10_000 }).toBe('/complete-kiosk-questionnaire');
    await expect.poll(() => heading(kiosk.page), { timeout: 10_000 }).toBe(TITLES.gad7);
    // Three of seven, then the draft is saved (800 ms after the last change).
    const saved = kiosk.page.waitForResponse(
      (r) => r.url().includes(`/assignedquestionnaires/${id}/draft`) && r.status() === 204,
    );
    for (const [i, question] of GAD7_QUESTIONS.slice(0, 3).entries()) {
      await chooseRadio(kiosk.page, numbered(i + 1, question), 2);
    }
    await saved;
    await expect.poll(() => kiosk.page.locator('input[type="radio"]:checked').count()).toBe(3);
    // The patient leaves the kiosk midway: Log Out asks first, then the device is back at the kiosk login.
    // The patient leaves the kiosk midway: Log Out asks first, saying the answers are kept, then the device is
    // back at the kiosk login.
    await kiosk.page.getByRole('button', { name: 'Jane Doe' }).click();
    await kiosk.page.getByRole('menuitem', { name: 'Log Out' }).click();
    const leaving = kiosk.page.getByRole('dialog', { name: 'Are you sure?' });
    await leaving.waitFor();
    expect(await leaving.innerText()).toContain(
      'Your answers so far are kept: you can finish this questionnaire the next time you log in.',
    );
    await leaving.getByRole('button', { name: 'Yes, I want to cancel' }).click();
    await expect.poll(() => path(kiosk.page), { timeout: 10_000 }).toBe('/kioskLogin');
    await kiosk.context.close();

    // Her draft is hers: robert.doe, who acts for her, opens the questionnaire with nothing chosen (issue 32,
    // finding 1: he saw her answers).
    const rep = await openPage(browser());
    await logIn(rep.page, 'robert.doe');
    await expect.poll(() => path(rep.page), { timeout: 10_000 }).toBe('/dashboard');
    await rep.page.goto(`${baseUrl()}/questionnaires`);
    const his = cardOf(rep.page, id);
    await his.waitFor();
    expect(await his.getByTestId('questionnaire-in-progress').count()).toBe(0);
    await startByKeyboard(rep.page, his);
    await expect.poll(() => heading(rep.page), { timeout: 10_000 }).toBe(TITLES.gad7);
    await group(rep.page, numbered(1, GAD7_QUESTIONS[0]!)).waitFor();
    expect(await rep.page.locator('input[type="radio"]:checked').count()).toBe(0);
    await rep.context.close();

    // At home: the card says it is in progress; the answers given on the kiosk are there.
    const home = await openPage(browser());
    await openQuestionnaires(home.page);
    const card = cardOf(home.page, id);
    await card.waitFor();
    expect(await card.getByTestId('questionnaire-in-progress').innerText()).toBe('In progress');
    await startByKeyboard(home.page, card);
    await expect.poll(() => heading(home.page), { timeout: 10_000 }).toBe(TITLES.gad7);
    for (const [i, question] of GAD7_QUESTIONS.entries()) {
      const radios = group(home.page, numbered(i + 1, question)).getByRole('radio');
      if (i < 3) expect(await radios.nth(2).isChecked()).toBe(true);
      else await chooseRadio(home.page, numbered(i + 1, question), 0);
    }
    await submitByKeyboard(home.page);
    await expect.poll(() => path(home.page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    // At home there is no 'Finish and exit'.
    expect(await home.page.getByTestId('finish-and-exit').count()).toBe(0);
    await home.page.getByTestId('back-to-questionnaires').waitFor();
    await home.context.close();
  });

  it("opens the only questionnaire at once on the kiosk, and 'Finish and exit' returns the device to the kiosk login", async () => {
    const id = await assignToJane('distress', 0);
    const { page, context } = await openPage(browser(), { width: 375 });
    // The patient at the kiosk has this one questionnaire today (the list answers it alone, then none).
    let answered = false;
    await listOnly(page, () => (answered ? [] : [id]));
    await page.goto(`${baseUrl()}${kioskTicket()}`);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/complete-kiosk-questionnaire');
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(id));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(TITLES.distress);
    await setSlider(page, /^Please choose the number \(0 to 10\)/, 2);
    answered = true;
    await submitByKeyboard(page);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    const finish = page.getByTestId('finish-and-exit');
    await finish.waitFor();
    expect(await finish.innerText()).toBe('Finish and exit');
    expect(await page.getByTestId('score-message').innerText()).toContain('Your distress is low right now.');
    await checkScreen(page, 'questionnaires-kiosk-scoring');
    await tabTo(page, finish);
    await page.keyboard.press('Enter');
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/kioskLogin');
    expect(await page.evaluate(() => window.sessionStorage.getItem('access_token'))).toBeNull();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});

/* ------------------------------------------------------------------ a published instrument (issue 32, finding 6) */

/** The LOINC PHQ-9 as NLM's LHC-Forms publishes it (the server's test fixture), with no extension of the portal. */
const LHC_PHQ9: unknown = JSON.parse(
  readFileSync(new URL('../apps/server/test/fixtures/fhir/phq-9-loinc.json', import.meta.url), 'utf8'),
);
const LHC_PHQ9_TITLE = 'PHQ-9 quick depression assessment panel';
const LHC_PHQ9_QUESTIONS = [
  'Little interest or pleasure in doing things?',
  'Feeling down, depressed, or hopeless?',
  'Trouble falling or staying asleep, or sleeping too much',
  'Feeling tired or having little energy',
  'Poor appetite or overeating',
  'Feeling bad about yourself-or that you are a failure',
  'Trouble concentrating on things',
  'Moving or speaking so slowly',
  'Thoughts that you would be better off dead',
];
const five = (en: string, es: string, fr: string, pt: string, zh: string) => ({ en, es, fr, pt, zh });
/** Riverside's interpretation of the instrument: the PHQ-9's severity bands and a crisis message on item 9. */
const LHC_PHQ9_INTERPRETATION = {
  bands: [
    {
      min: 0,
      max: 4,
      label: five('Minimal depression', 'Depresión mínima', 'Dépression minimale', 'Depressão mínima', '轻微抑郁'),
    },
    {
      min: 5,
      max: 9,
      label: five('Mild depression', 'Depresión leve', 'Dépression légère', 'Depressão leve', '轻度抑郁'),
    },
    {
      min: 10,
      max: 14,
      label: five('Moderate depression', 'Depresión moderada', 'Dépression modérée', 'Depressão moderada', '中度抑郁'),
    },
    {
      min: 15,
      max: 27,
      label: five('Severe depression', 'Depresión grave', 'Dépression sévère', 'Depressão grave', '重度抑郁'),
    },
  ],
  safetyMessages: [
    {
      when: { kind: 'item', linkId: '/44260-8', min: 1 },
      message: five(
        'If you are thinking about hurting yourself, call or text 988 (Suicide and Crisis Lifeline) now, or call 911.',
        'Si está pensando en hacerse daño, llame o envíe un mensaje de texto al 988 (Línea de Prevención del Suicidio y Crisis) ahora, o llame al 911.',
        'Si vous pensez à vous faire du mal, appelez le 988 ou envoyez-lui un texto maintenant, ou appelez le 911.',
        'Se você está pensando em se ferir, ligue ou envie uma mensagem de texto para o 988 agora, ou ligue para o 911.',
        '如果您有伤害自己的念头，请立即拨打或发短信至 988（自杀与危机生命热线），或拨打 911。',
      ),
    },
  ],
};

/** Riverside's forms system puts the published PHQ-9 and its interpretation; the EHR assigns it to Jane. */
async function assignLhcPhq9(): Promise<number> {
  assignments += 1;
  const suffix = `${Date.now().toString(36)}-${assignments}`;
  const templateExternalId = `e2e-lhc-phq-9-${suffix}`;
  const headers = { authorization: `Bearer ${await integrationToken()}`, 'content-type': 'application/json' };
  const template = `${baseUrl()}/integration/v1/questionnaire-templates/${templateExternalId}`;
  for (const [url, body] of [
    [template, LHC_PHQ9],
    [`${template}/interpretation`, LHC_PHQ9_INTERPRETATION],
  ] as const) {
    const res = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(body) });
    expect(res.status, await res.text()).toBeLessThan(300);
  }
  const res = await fetch(
    `${baseUrl()}/integration/v1/patients/${MRN}/questionnaire-assignments/e2e-lhc-phq-9-${suffix}`,
    { method: 'PUT', headers, body: JSON.stringify({ templateExternalId, dueDate: facilityDay(0) }) },
  );
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { id: number }).id;
}

/** A drop-down question: Tab to it, Down arrow past 'Select an option' to the option wanted (0-based). */
async function chooseDropdown(page: Page, question: string, index: number) {
  const select = page.getByRole('combobox', { name: new RegExp(escape(question)) });
  await tabTo(page, select);
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  await expect.poll(() => select.locator('option:checked').innerText()).toBe(FREQUENCY[index]);
}

describe('a published instrument with the facility’s interpretation', () => {
  it('the LHC-Forms PHQ-9 scores 11 and shows its band and the crisis message, in English and Spanish', async () => {
    const id = await assignLhcPhq9();
    const { page, context, consoleErrors } = await openPage(browser());
    await openQuestionnaires(page);
    await startByKeyboard(page, cardOf(page, id));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(LHC_PHQ9_TITLE);
    // 1 + 1 + 2 + 1 + 3 + 1 + 0 + 1 + 1 = 11 (moderate); item 9 'Several days': the crisis message.
    for (const [i, score] of [1, 1, 2, 1, 3, 1, 0, 1, 1].entries()) {
      await chooseDropdown(page, LHC_PHQ9_QUESTIONS[i]!, score);
    }
    // The calculated total is not asked.
    expect(await page.getByText('Patient health questionnaire 9 item total score').count()).toBe(0);
    await submitByKeyboard(page);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/questionnaire-scoring');
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(LHC_PHQ9_TITLE);
    // The scoring page has the questionnaire's title too: wait for its messages.
    await expect.poll(() => page.getByTestId('score-message').allInnerTexts()).toEqual(['Moderate depression']);
    expect(await page.getByTestId('safety-message').allInnerTexts()).toEqual([
      LHC_PHQ9_INTERPRETATION.safetyMessages[0]!.message.en,
    ]);
    await checkScreen(page, 'questionnaires-lhc-phq9-scoring');
    expect(consoleErrors).toEqual([]);
    await context.close();

    const es = await openPage(browser(), { locale: 'es-MX' });
    await logInIn(es.page, 'es-MX');
    await es.page.goto(`${baseUrl()}/questionnaire-scoring?id=${id}`);
    await expect.poll(() => heading(es.page), { timeout: 10_000 }).toBe(LHC_PHQ9_TITLE);
    await expect.poll(() => es.page.getByTestId('score-message').allInnerTexts()).toEqual(['Depresión moderada']);
    expect(await es.page.getByTestId('safety-message').allInnerTexts()).toEqual([
      LHC_PHQ9_INTERPRETATION.safetyMessages[0]!.message.es,
    ]);
    await checkScreen(es.page, 'questionnaires-lhc-phq9-scoring-es');
    expect(es.consoleErrors).toEqual([]);
    await es.context.close();
  });
});

/* ------------------------------------------------------------------ other languages */

/** The login form in the browser's language (Jane saved none, so the pages stay in it). */
const LOGIN_LABELS = {
  'es-MX': { username: 'Nombre de usuario', password: 'Contraseña', submit: 'Iniciar sesión' },
  'zh-CN': { username: '用户名', password: '密码', submit: '登录' },
} as const;

async function logInIn(page: Page, locale: keyof typeof LOGIN_LABELS) {
  const labels = LOGIN_LABELS[locale];
  await page.goto(`${baseUrl()}/login`);
  await field(page, labels.username).fill('jane.doe');
  await field(page, labels.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
  await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/dashboard');
}

describe('in Spanish and Chinese', () => {
  it('shows the list in Spanish and a questionnaire to complete in Chinese', async () => {
    const id = await assignToJane('preVisit', 5);
    const es = await openPage(browser(), { locale: 'es-MX' });
    await logInIn(es.page, 'es-MX');
    await es.page.goto(`${baseUrl()}/questionnaires`);
    await expect.poll(() => heading(es.page), { timeout: 10_000 }).toBe('Cuestionarios');
    const card = cardOf(es.page, id);
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'Comenzar ahora' }).count()).toBe(1);
    expect(await card.getByTestId('questionnaire-status').innerText()).toBe('Pendiente');
    expect(await card.getByRole('heading', { level: 2 }).innerText()).toBe('Antes de su visita a la clínica');
    await checkScreen(es.page, 'questionnaires-current-es');
    await es.context.close();

    const zh = await openPage(browser(), { locale: 'zh-CN' });
    await logInIn(zh.page, 'zh-CN');
    await zh.page.goto(`${baseUrl()}/complete-questionnaire?id=${id}`);
    await expect
      .poll(() => zh.page.getByTestId('required-note').innerText(), { timeout: 10_000 })
      .toBe('带星号 (*) 的问题为必答题。');
    await zh.page.getByRole('button', { name: '提交问卷' }).click();
    await expect.poll(() => messageBar(zh.page)).toContain('部分问题尚未作答');
    await expect.poll(() => zh.page.getByText('必填', { exact: true }).count()).toBeGreaterThan(0);
    await checkScreen(zh.page, 'questionnaires-complete-zh');
    // The date field in Chinese: the day as the field shows it, its calendar's week starting on Monday.
    const date = zh.page.getByLabel(/^您最近一次在 Riverside Cancer Center 以外看医生/);
    await date.fill('2025-03-15');
    await zh.page.keyboard.press('Tab');
    await expect.poll(() => date.inputValue()).toBe('3月 15, 2025');
    await zh.page.keyboard.press('Enter');
    const calendar = zh.page.getByRole('dialog', { name: '选择日期' });
    await calendar.waitFor();
    expect(await calendar.getByRole('combobox', { name: '月份' }).locator('option:checked').innerText()).toBe('三月');
    expect(await calendar.locator('thead th').allInnerTexts()).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    await zh.page.keyboard.press('Escape');
    await expect.poll(() => calendar.count()).toBe(0);
    await zh.context.close();
  });
});
