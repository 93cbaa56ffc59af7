import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, checkScreen, openPage } from './support/browser';
import { waitForMail } from './support/mailbox';
import { firstLoadCalls, logIn, messageBar, repeatedCalls, useBrowser } from './support/pages';
import { integrationToken } from './support/integration';

// Secure messages (spec 002, 2.6 to 9): a message from the care team through the integration API (the email, the
// envelope's badge, the link that opens the thread, reading it drops the badge), the demo's threads (Current and
// Archive, the 'on behalf of' line, a thread that takes no replies, compact layouts), a reply written and
// formatted by keyboard alone, Robert writing for Jane, Robert's reading that leaves Jane's unread (read state is
// each reader's own), and New Message from a care team card with archive and unarchive.
//
// The demo's threads are shared with other journeys and are only read here. A journey that writes begins its own
// thread, through the integration API (as the facility's system would) or New Message, under a new identifier and
// subject on every attempt, so a retried journey still holds.

const browser = useBrowser();

const MRN = 'RCC-100234';
const JANE_EMAIL = 'jane.doe@example.com';
const PRIYA = 'demo-cp-priya-raman';
const SAMUEL = 'demo-cp-samuel-okafor';

/* ------------------------------------------------------------------ the facility's system */

let sent = 0;
/** A word no earlier attempt used: subjects and identifiers of this run's threads. */
const fresh = (what: string) => `${what}-${Date.now().toString(36)}-${++sent}`;

/** A care provider's message to Jane as the facility's system sends it: a new thread; answers the thread's id. */
async function providerMessage(input: {
  provider: string;
  subject: string;
  content: string;
  replyAllowed?: boolean;
}): Promise<number> {
  const res = await fetch(`${baseUrl()}/integration/v1/patients/${MRN}/messages/${fresh('e2e-msg')}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await integrationToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      providerExternalId: input.provider,
      thread: { subject: input.subject },
      content: input.content,
      replyAllowed: input.replyAllowed ?? true,
    }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { threadId: number }).threadId;
}

/* ------------------------------------------------------------------ pages */

const threadItem = (page: Page, subject: string) =>
  page.getByRole('list', { name: /conversations$/ }).getByRole('button', { name: new RegExp(`^${subject}`) });
const pane = (page: Page) => page.getByTestId('thread-pane');
const paneHeading = (page: Page) => pane(page).getByRole('heading', { level: 2 });
const authors = (page: Page) => page.getByTestId('message-author').allInnerTexts();
const replyArea = (page: Page) => page.getByRole('textbox', { name: 'Your reply' });
const texts = (locator: Locator) => locator.allInnerTexts().then((all) => all.map((t) => t.trim()));

/** The number on the header's envelope (0 when no badge shows); the envelope shows from 1200 px. */
async function envelopeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('nav-secure-messages').getByTestId('nav-badge');
  return (await badge.count()) === 0 ? 0 : Number((await badge.innerText()).trim());
}

/** The count beside the page's title (0 when it is gone). */
async function titleCount(page: Page): Promise<number> {
  const badge = page.getByTestId('secure-messages-count');
  return (await badge.count()) === 0 ? 0 : Number((await badge.locator('[aria-hidden="true"]').innerText()).trim());
}

async function logInAs(page: Page, username: string) {
  await logIn(page, username);
  await page.waitForURL(/\/dashboard$/);
}

async function openMessages(page: Page) {
  await page.goto(`${baseUrl()}/secure-messages`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Messages');
  await page.getByRole('list', { name: 'Current conversations' }).waitFor();
}

/** Chooses the Current or Archive filter. */
async function filter(page: Page, name: 'Current' | 'Archive') {
  await page.getByTestId('thread-filter').getByText(name, { exact: true }).click();
  await page
    .getByRole('list', { name: name === 'Current' ? 'Current conversations' : 'Archived conversations' })
    .waitFor();
}

async function openThread(page: Page, subject: string) {
  await threadItem(page, subject).click();
  await expect.poll(() => paneHeading(page).textContent()).toBe(subject);
  await page.getByTestId('message').first().waitFor();
}

describe('secure messages', () => {
  it('a message from the care team: the email, the envelope and title badges, the link that opens it, and reading it drops the badge', async () => {
    const since = Date.now();
    const subject = `Your scan appointment ${fresh('e2e')}`;
    const threadId = await providerMessage({
      provider: PRIYA,
      subject,
      content:
        '<p>Dear Jane,</p><p>Your scan is <b>Tuesday at 9:00</b>. <a href="https://example.com/x">Directions</a>' +
        '<img src="x" onerror="alert(1)"></p><ul><li>Bring your card</li><li>No food after midnight</li></ul>',
    });
    // The notice names no health information, only that a message waits, and links to the thread.
    const mail = await waitForMail(JANE_EMAIL, (m) => m.text.includes(`threadId=${threadId}`), since);
    expect(mail.text).not.toContain(subject);
    const link = /\/secure-messages\?isAutoRedirect=true&threadId=\d+/.exec(mail.text)?.[0];
    expect(link).toBe(`/secure-messages?isAutoRedirect=true&threadId=${threadId}`);

    const { page, context, consoleErrors } = await openPage(browser());
    await logInAs(page, 'jane.doe');
    await expect.poll(() => envelopeCount(page)).toBeGreaterThanOrEqual(1);
    const before = await envelopeCount(page);

    await openMessages(page);
    expect(await titleCount(page)).toBe(before);
    const item = threadItem(page, subject);
    expect(await item.getByTestId('item-badge').count()).toBe(1);
    expect(await item.innerText()).toContain('Priya Raman');
    expect(await page.getByTestId('thread-hint').innerText()).toBe('Select an item from the list on the left.');

    // The email's link opens the thread at once; viewing it marks it read.
    await page.goto(`${baseUrl()}${link}`);
    await expect.poll(() => paneHeading(page).textContent()).toBe(subject);
    await expect.poll(() => new URL(page.url()).search).toBe(`?threadId=${threadId}`);
    await page.getByTestId('message').first().waitFor();
    expect(await authors(page)).toEqual(['Priya Raman, MD']);
    await expect.poll(() => envelopeCount(page)).toBe(before - 1);
    await expect.poll(() => titleCount(page)).toBe(before - 1);
    expect(await threadItem(page, subject).getByTestId('item-badge').count()).toBe(0);

    // The content keeps the toolbar's formatting and nothing else: no link, no image, nothing that runs.
    const content = page.getByTestId('message-content');
    expect(await content.innerHTML()).toBe(
      '<p>Dear Jane,</p><p>Your scan is <strong>Tuesday at 9:00</strong>. Directions</p>' +
        '<ul><li>Bring your card</li><li>No food after midnight</li></ul>',
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("the demo's threads: Current and Archive, 'on behalf of', a thread without replies, compact layouts", async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await logInAs(page, 'jane.doe');
    // From the envelope in the header.
    await page.getByTestId('nav-secure-messages').click();
    await page.waitForURL(/\/secure-messages$/);
    await page.getByRole('list', { name: 'Current conversations' }).waitFor();
    const current = await texts(page.getByRole('list', { name: 'Current conversations' }).getByTestId('item-heading'));
    expect(current).toEqual(
      expect.arrayContaining([
        'Morning joint stiffness',
        'Questions about my blood test results',
        'Getting ready for your follow-up visit and bone density scan',
        'Skin care after radiation',
      ]),
    );
    expect(current).not.toContain('Letrozole prescription');
    await checkScreen(page, 'secure-messages-list');

    // Robert wrote the first message for Jane.
    await openThread(page, 'Skin care after radiation');
    expect(await authors(page)).toEqual(['Robert Doe on behalf of Jane Doe', 'Samuel Okafor, MD', 'Jane Doe']);
    expect(await pane(page).getByText('With Samuel Okafor').count()).toBe(1);
    expect(await page.getByTestId('message-date').first().innerText()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
    );
    expect(await pane(page).getByRole('button', { name: 'Reply' }).count()).toBe(1);
    await checkScreen(page, 'secure-messages-thread');

    // Megan's thread takes no replies.
    await openThread(page, 'Getting ready for your follow-up visit and bone density scan');
    expect(await pane(page).getByRole('button', { name: 'Reply' }).count()).toBe(0);
    expect(await page.getByTestId('reply-not-allowed').innerText()).toBe('This conversation does not accept replies.');
    expect(await pane(page).getByRole('button', { name: 'Archive' }).count()).toBe(1);

    // Archive holds the thread Jane archived; there it can be unarchived, never answered.
    await filter(page, 'Archive');
    expect(
      await texts(page.getByRole('list', { name: 'Archived conversations' }).getByTestId('item-heading')),
    ).toContain('Letrozole prescription');
    expect(await pane(page).count()).toBe(0);
    await openThread(page, 'Letrozole prescription');
    expect(await pane(page).getByRole('button', { name: 'Unarchive' }).count()).toBe(1);
    expect(await pane(page).getByRole('button', { name: 'Reply' }).count()).toBe(0);

    // Small windows: the list, then the thread with 'Back to Messages'.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Back to Messages' }).click();
    await page.getByRole('list', { name: 'Archived conversations' }).waitFor();
    expect(await pane(page).count()).toBe(0);
    await filter(page, 'Current');
    await openThread(page, 'Questions about my blood test results');
    expect(await page.getByRole('list', { name: 'Current conversations' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Back to Messages' }).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("a fresh load asks for the list first; the header's counts and the view's audit wait until it has shown", async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await logInAs(page, 'jane.doe');
    const { calls, events } = await firstLoadCalls(page, '/secure-messages', () =>
      page.getByRole('list', { name: 'Current conversations' }).waitFor(),
    );
    const list = events.findIndex((e) =>
      /^answered GET \/api\/patients\/\d+\/SecureMessages\?includeArchived=true$/.test(e),
    );
    const counts = events.filter((e) => /^GET \/api\/patients\/\d+\/\w+\/(?:\w*count\w*|newcount)$/i.test(e));
    const audit = events.findIndex((e) => /^POST \/api\/users\/\d+\/audit$/.test(e));
    expect(list).toBeGreaterThan(-1);
    // Six modules count (education, test results, medical notes, treatment summary, questionnaires, messages).
    expect(counts).toHaveLength(6);
    for (const count of counts) expect(events.indexOf(count), count).toBeGreaterThan(list);
    expect(audit).toBeGreaterThan(list);
    // The page's unread count and the envelope's badge are one call.
    expect(repeatedCalls(calls)).toEqual({});
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('Jane replies by keyboard alone, with formatting; an empty reply is Required; Cancel asks first', async () => {
    const subject = `Your blood pressure log ${fresh('e2e')}`;
    await providerMessage({ provider: SAMUEL, subject, content: '<p>Please send me this week’s readings.</p>' });
    const { page, context, consoleErrors } = await openPage(browser());
    await logInAs(page, 'jane.doe');
    await openMessages(page);
    await threadItem(page, subject).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => paneHeading(page).textContent()).toBe(subject);

    // Reply opens the box (the editor loads now) with the keyboard in it.
    const reply = pane(page).getByRole('button', { name: 'Reply' });
    await reply.focus();
    await page.keyboard.press('Enter');
    const area = replyArea(page);
    await area.waitFor();
    await expect.poll(() => area.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await area.getAttribute('aria-placeholder')).toBe('Write a reply...');

    // Sent empty: Required, until something is typed.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send Message');
    await page.keyboard.press('Enter');
    await expect.poll(() => area.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await area.getAttribute('aria-describedby'))!.split(' ')[0]!;
    expect(await page.locator(`#${errorId}`).innerText()).toBe('Required');
    await expect.poll(() => area.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Monday');
    await page.keyboard.press('Control+b');
    await expect.poll(() => area.getAttribute('aria-invalid')).toBe('false');
    await page.keyboard.type(' 128/82, ');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('after my walk');
    await page.keyboard.press('Control+i');
    await page.keyboard.press('Enter');
    // The toolbar by keyboard: one Tab stop, the arrows move along it.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Bold');
    expect(
      await page
        .getByRole('toolbar', { name: 'Formatting' })
        .getByRole('button', { name: 'Bold' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Bulleted list');
    await page.keyboard.press('Enter');
    // Keys typed while the editor turns the paragraph into a list can be lost: type once the list is there.
    await expect
      .poll(() =>
        page
          .getByRole('toolbar', { name: 'Formatting' })
          .getByRole('button', { name: 'Bulleted list' })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    await expect.poll(() => replyArea(page).locator('li').count()).toBe(1);
    await page.keyboard.type('Tuesday 131/84');
    await page.keyboard.press('Enter');
    await expect.poll(() => replyArea(page).locator('li').count()).toBe(2);
    await page.keyboard.type('Wednesday 126/80');
    // Enter once more at the list's end: an empty item, which is not sent (issue 32, finding 16).
    await page.keyboard.press('Enter');
    await expect.poll(() => replyArea(page).locator('li').count()).toBe(3);
    await expect
      .poll(() => page.getByTestId('reply-box').locator('[id$="-count"]').innerText())
      .toBe('58 of 2000 characters');
    await checkScreen(page, 'secure-messages-reply');

    // What is written stays when the window turns from narrow to wide (the page lays itself out anew).
    expect(await replyArea(page).innerText()).toContain('Wednesday 126/80');
    // Sent once, under an idempotency key.
    const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/messages'));
    await area.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect((await request).headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    await expect.poll(() => messageBar(page)).toContain('Your message has been sent.');
    await expect.poll(() => page.getByTestId('reply-box').count()).toBe(0);
    await expect.poll(() => page.getByTestId('message').count()).toBe(2);
    expect(await authors(page)).toEqual(['Samuel Okafor, MD', 'Jane Doe']);
    expect(await page.getByTestId('message-content').last().innerHTML()).toBe(
      '<p><strong>Monday</strong> 128/82, <em>after my walk</em></p>' +
        '<ul><li><p>Tuesday 131/84</p></li><li><p>Wednesday 126/80</p></li></ul>',
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reply');

    // Text mode: 15 rows. Cancel with something written asks first; 'Yes' closes the box.
    await page.keyboard.press('Enter');
    await replyArea(page).waitFor();
    // The editor takes the focus a moment after it shows: type once it has it.
    await expect
      .poll(() =>
        replyArea(page).evaluate((el) => el === document.activeElement || el.contains(document.activeElement)),
      )
      .toBe(true);
    await page.keyboard.type('Never mind');
    // Formatting Plain text cannot keep: asked first; 'Keep formatting' stays, 'Switch to plain text' switches.
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' now');
    await expect.poll(() => replyArea(page).locator('strong').count()).toBe(1);
    await page.getByTestId('reply-box').getByText('Plain text').click();
    const switching = page.getByRole('dialog', { name: 'Switch to plain text?' });
    await switching.waitFor();
    expect(await switching.innerText()).toContain('Bold, italic, underline and lists are lost; the words stay.');
    await switching.getByRole('button', { name: 'Keep formatting' }).click();
    await expect.poll(() => switching.count()).toBe(0);
    expect(await replyArea(page).locator('strong').count()).toBe(1);
    await page.getByTestId('reply-box').getByText('Plain text').click();
    await switching.getByRole('button', { name: 'Switch to plain text' }).click();
    await expect.poll(() => replyArea(page).getAttribute('rows')).toBe('15');
    expect(await replyArea(page).inputValue()).toBe('Never mind now');
    await page.getByTestId('reply-box').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).waitFor();
    await page.getByRole('button', { name: 'Yes, I want to cancel' }).click();
    await expect.poll(() => page.getByTestId('reply-box').count()).toBe(0);
    expect(await page.getByTestId('message').count()).toBe(2);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("Robert writes for Jane: his reply reads 'Robert Doe on behalf of Jane Doe'", async () => {
    const subject = `Your next infusion ${fresh('e2e')}`;
    await providerMessage({ provider: PRIYA, subject, content: '<p>Is Thursday at 10 still good for you?</p>' });
    const { page, context, consoleErrors } = await openPage(browser());
    await logInAs(page, 'robert.doe');
    await openMessages(page);
    await expect
      .poll(() => page.getByTestId('representative-line').textContent())
      .toBe('You are viewing the health information for Jane Doe.');
    await openThread(page, subject);
    await pane(page).getByRole('button', { name: 'Reply' }).click();
    await replyArea(page).waitFor();
    await page.keyboard.type('Thursday at 10 is fine. I will drive Jane.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => messageBar(page)).toContain('Your message has been sent.');
    await expect.poll(() => page.getByTestId('message').count()).toBe(2);
    expect(await authors(page)).toEqual(['Priya Raman, MD', 'Robert Doe on behalf of Jane Doe']);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('Robert reading a message leaves it unread for Jane: her envelope, title count and mark stay until she reads it', async () => {
    const subject = `Your echo results ${fresh('e2e')}`;
    await providerMessage({ provider: PRIYA, subject, content: '<p>Your echocardiogram looks normal.</p>' });

    // Jane sees it waiting; she leaves without opening it.
    const jane = await openPage(browser());
    await logInAs(jane.page, 'jane.doe');
    await expect.poll(() => envelopeCount(jane.page)).toBeGreaterThanOrEqual(1);
    const janeBefore = await envelopeCount(jane.page);
    await jane.context.close();

    // Robert opens it: read for him, his own badge drops.
    const robert = await openPage(browser());
    await logInAs(robert.page, 'robert.doe');
    await openMessages(robert.page);
    await expect.poll(() => envelopeCount(robert.page)).toBeGreaterThanOrEqual(1);
    const robertBefore = await envelopeCount(robert.page);
    expect(await threadItem(robert.page, subject).getByTestId('item-badge').count()).toBe(1);
    await openThread(robert.page, subject);
    await expect.poll(() => envelopeCount(robert.page)).toBe(robertBefore - 1);
    await expect.poll(() => threadItem(robert.page, subject).getByTestId('item-badge').count()).toBe(0);
    await checkScreen(robert.page, 'secure-messages-read-by-representative');
    expect(robert.consoleErrors).toEqual([]);
    await robert.context.close();

    // Jane logs in again: nothing says she read it, because she has not.
    const again = await openPage(browser());
    await logInAs(again.page, 'jane.doe');
    await expect.poll(() => envelopeCount(again.page)).toBe(janeBefore);
    await openMessages(again.page);
    expect(await titleCount(again.page)).toBe(janeBefore);
    expect(await threadItem(again.page, subject).getByTestId('item-badge').count()).toBe(1);
    await checkScreen(again.page, 'secure-messages-unread-for-patient');
    // Her reading is hers: now the mark and the count drop.
    await openThread(again.page, subject);
    await expect.poll(() => envelopeCount(again.page)).toBe(janeBefore - 1);
    await expect.poll(() => threadItem(again.page, subject).getByTestId('item-badge').count()).toBe(0);
    expect(again.consoleErrors).toEqual([]);
    await again.context.close();
  });

  it('New Message from a care team card, then archive and unarchive the thread', async () => {
    const subject = `Hot flashes at night ${fresh('e2e')}`;
    const { page, context, consoleErrors } = await openPage(browser());
    await logInAs(page, 'jane.doe');
    const card = page.getByTestId('care-team-card').filter({ hasText: 'Priya Raman' });
    await card.getByRole('link', { name: /^Send Secure Message/ }).click();
    await page.waitForURL(/\/secure-message\?careProviderId=\d+$/);
    const dialog = page.getByRole('dialog', { name: 'New Message' });
    const to = dialog.getByRole('combobox', { name: /^To/ });
    await to.waitFor();
    // Only the members Jane may write to (a recipient for her, with a preferred system): not Megan Li or Daniel Brooks.
    expect(await to.locator('option').allInnerTexts()).toEqual([
      'Choose a care team member',
      'Samuel Okafor, MD',
      'Priya Raman, MD',
    ]);
    expect(await to.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(
      'Priya Raman, MD',
    );

    // Sent empty: the subject and the message are Required, and the subject takes the keyboard.
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const subjectField = dialog.getByRole('textbox', { name: /^Subject/ });
    const messageField = dialog.getByRole('textbox', { name: /^Message/ });
    await expect.poll(() => subjectField.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => messageField.getAttribute('aria-invalid')).toBe('true');
    expect(await subjectField.evaluate((el) => el === document.activeElement)).toBe(true);
    await checkScreen(page, 'secure-messages-compose');

    await subjectField.fill(subject);
    await expect.poll(() => subjectField.getAttribute('aria-invalid')).not.toBe('true');
    await messageField.click();
    await page.keyboard.type('Since I started letrozole I wake up twice a night with hot flashes.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Is there anything that could help?');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => messageBar(page)).toContain('Your message has been sent.');
    // The new thread opens, its heading taking the keyboard.
    await expect.poll(() => paneHeading(page).textContent()).toBe(subject);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/secure-messages');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(subject);
    // The heading shows from the list at once; the thread's messages follow from their own request.
    await expect.poll(() => authors(page)).toEqual(['Jane Doe']);
    expect(await pane(page).getByText('With Priya Raman').count()).toBe(1);

    // Archive: the selection clears and the list shows; the thread waits under Archive.
    await pane(page).getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => messageBar(page)).toContain('The conversation has been moved to Archive.');
    await expect.poll(() => pane(page).count()).toBe(0);
    await expect.poll(() => threadItem(page, subject).count()).toBe(0);
    await filter(page, 'Archive');
    await openThread(page, subject);
    expect(await pane(page).getByRole('button', { name: 'Reply' }).count()).toBe(0);
    await pane(page).getByRole('button', { name: 'Unarchive' }).click();
    await expect.poll(() => messageBar(page)).toContain('The conversation has been moved back to Current.');
    await expect.poll(() => threadItem(page, subject).count()).toBe(0);
    await filter(page, 'Current');
    expect(await threadItem(page, subject).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
