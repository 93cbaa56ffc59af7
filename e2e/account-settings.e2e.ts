import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, checkScreen, expectAccessible, openPage, port } from './support/browser';
import { waitForMail } from './support/mailbox';
import { DEMO_PASSWORD, field, fieldError, heading, logIn, messageBar, path, useBrowser } from './support/pages';

// Issue 16: account settings (spec 002 section 2.8) on the demo seed. Jane gets email and SMS; Robert represents
// her; John never saved his settings (the defaults); Sam's facility, Lakeside, sends no SMS. The journeys leave
// every setting and password as they found it.

const browser = useBrowser();

const notifications = (page: Page) => page.getByRole('form', { name: 'Notification Settings' });
const row = (page: Page, type: string) =>
  notifications(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${type}`) }) });
const box = (page: Page, type: string, channel: 'email' | 'SMS') =>
  page.getByRole('checkbox', { name: `${type} by ${channel}`, exact: true });
const summaries = (page: Page) => notifications(page).getByTestId('notification-summary').allInnerTexts();
const saveButton = (page: Page) => notifications(page).getByRole('button', { name: 'Save' });
const isSettingsPut = (r: Request) => r.url().includes('/NotificationSettings') && r.method() === 'PUT';

async function openSettings(page: Page, username: string, origin = baseUrl()) {
  await logIn(page, username, { origin });
  await expect.poll(() => path(page)).toBe('/dashboard');
  await page.goto(`${origin}/account-settings`);
  await expect.poll(() => heading(page)).toBe('Account Settings');
  await expect.poll(() => notifications(page).count()).toBe(1);
}

describe("jane.doe's account settings", () => {
  it('shows her email, password, notification settings and registration details, and saves a change', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openSettings(page, 'jane.doe');
    expect(await page.title()).toBe('Account Settings - Riverside');
    expect(await page.getByText('Your email address is jane.doe@example.com.').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Change Password' }).count()).toBe(1);
    expect(await page.getByText('Use at least', { exact: false }).count()).toBeGreaterThan(0);

    // The demo's settings: a row per type, read as Off, Email, SMS or Email and SMS.
    expect(await summaries(page)).toEqual(['Email', 'Email and SMS', 'Email and SMS', 'Email']);
    expect(await box(page, 'Appointments', 'SMS').isChecked()).toBe(false);
    expect(await box(page, 'Follow-ups', 'SMS').isChecked()).toBe(true);
    expect(await box(page, 'Follow-ups', 'SMS').isEnabled()).toBe(true);
    expect(await field(page, 'Mobile phone number for SMS').inputValue()).toBe('(518) 555-0187');
    expect(await field(page, 'Appointment reminders').inputValue()).toBe('9');
    expect(await field(page, 'Follow-up reminders').inputValue()).toBe('1');
    expect(await page.getByText('A digest is a single message', { exact: false }).count()).toBe(1);
    expect(await page.getByText('My primary email address (jane.doe@example.com)').count()).toBe(1);

    // Registration details in three parts.
    for (const part of ['Demographics', 'Contact Information', 'Other']) {
      expect(await page.getByRole('heading', { name: part, exact: true }).count()).toBe(1);
    }
    const details = page.getByRole('region', { name: 'Registration Details' });
    expect(await details.innerText()).toContain('RCC-100234');
    expect(await details.innerText()).toContain('Librarian');
    // The registered sex code by its name.
    expect(await details.innerText()).toMatch(/Gender\s+Female/);
    expect(await details.innerText()).toContain('(518) 555-0142');
    await checkScreen(page, 'account-settings');

    // The same email in other letters: only the notice, no call.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/changeemail')) calls.push(r.url());
    });
    await field(page, 'New email address').fill('JANE.DOE@example.com');
    await field(page, 'Current password').first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change email' }).click();
    await expect.poll(() => messageBar(page)).toContain('This is already your email address');
    expect(calls).toEqual([]);

    // An SMS notice without a phone cannot be saved; the entry keeps digits and shows them formatted.
    await field(page, 'Mobile phone number for SMS').fill('');
    await expect
      .poll(() => fieldError(page, 'Mobile phone number for SMS'))
      .toBe('A mobile phone number is required for SMS notifications.');
    expect(await saveButton(page).isDisabled()).toBe(true);
    await checkScreen(page, 'account-settings-blocked');
    await field(page, 'Mobile phone number for SMS').fill('518.555.0187x');
    expect(await field(page, 'Mobile phone number for SMS').inputValue()).toBe('(518) 555-0187');

    // A change saved: follow-ups by email only, a week before (no digest: no hint).
    await box(page, 'Follow-ups', 'SMS').uncheck();
    await field(page, 'Follow-up reminders').selectOption({ label: '1 week before' });
    expect(await page.getByText('A digest is a single message', { exact: false }).count()).toBe(0);
    const put = page.waitForRequest(isSettingsPut);
    await saveButton(page).click();
    expect((await put).postDataJSON()).toMatchObject({
      followUpSmsEnabled: false,
      followUpReminderOffset: 6,
      smsPhoneNumber: '5185550187',
      usePrimaryEmail: true,
    });
    await expect.poll(() => messageBar(page)).toContain('Your notification settings have been saved.');
    await expect.poll(() => summaries(page)).toEqual(['Email', 'Email', 'Email and SMS', 'Email']);

    // The follow-up plan's line follows.
    await page.goto(`${baseUrl()}/followup-plan`);
    await expect.poll(() => page.getByText('You receive follow-up reminders by email.').count()).toBe(1);

    // Put back as the demo had it.
    await page.goto(`${baseUrl()}/account-settings`);
    await expect.poll(() => notifications(page).count()).toBe(1);
    await box(page, 'Follow-ups', 'SMS').check();
    await field(page, 'Follow-up reminders').selectOption({ label: 'Monthly Digest' });
    const restored = page.waitForResponse((r) => isSettingsPut(r.request()) && r.status() === 200);
    await saveButton(page).click();
    await restored;
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('names her registered country and her care team’s titles in Spanish (issue 32, finding 10)', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openSettings(page, 'jane.doe');
    try {
      // Chosen in the header as a reader would: the page changes language in place, the values with it.
      await page.getByLabel('Choose a language').selectOption('es-MX');
      await expect.poll(() => heading(page)).toBe('Configuración de la cuenta');
      const details = page.getByRole('region', { name: 'Datos de registro' });
      await expect.poll(() => details.innerText()).toMatch(/País de nacimiento\s+Estados Unidos/);
      const text = await details.innerText();
      expect(text).toMatch(/Estado civil\s+Casado\/a/);
      expect(text).toMatch(/Sexo\s+Femenino/);
      expect(text).not.toContain('United States');
      // The facility's own words stay as it wrote them.
      expect(text).toContain('Librarian');
      await checkScreen(page, 'account-settings-es-MX');

      await page.goto(`${baseUrl()}/dashboard`);
      await expect.poll(() => heading(page)).toBe('Bienvenido/a, Jane');
      const raman = page.getByTestId('care-team-card').filter({ hasText: 'Priya Raman' });
      await expect.poll(() => raman.innerText()).toContain('Oncólogo/a médico/a');
      expect(await raman.innerText()).toContain('Estados Unidos');
      expect(await page.getByTestId('dashboard-care-team').innerText()).not.toMatch(/Medical Oncologist|United States/);
      await checkScreen(page, 'dashboard-care-team-es-MX');
    } finally {
      await page.getByLabel(/^(Choose a language|Elija un idioma)$/).selectOption('en-US');
      await expect.poll(() => heading(page)).toMatch(/^(Welcome, Jane|Account Settings)$/);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('changes her password, with the server’s answer to a wrong current one, and back', async () => {
    const { page, context } = await openPage(browser());
    await openSettings(page, 'jane.doe');
    const form = page.getByRole('form', { name: 'Change Password' });
    const change = async (old: string, next: string) => {
      await form.getByLabel('Current password').fill(old);
      await form.getByLabel(/^New password/).fill(next);
      await form.getByLabel('Confirm new password').fill(next);
      await form.getByRole('button', { name: 'Change password' }).click();
    };
    await change('Wrong#Pass2026', 'Jane#Settings2026');
    await expect
      .poll(() => form.locator('.mantine-InputWrapper-error').first().textContent())
      .toBe('The current password was not entered correctly.');
    await change(DEMO_PASSWORD, 'Jane#Settings2026');
    await expect.poll(() => messageBar(page)).toContain('Your password has been successfully updated.');
    expect(await form.getByLabel('Current password').inputValue()).toBe('');
    await change('Jane#Settings2026', DEMO_PASSWORD);
    await expect.poll(() => messageBar(page)).toContain('Your password has been successfully updated.');
    await context.close();
  });
});

describe('a representative, a patient who saved nothing, a facility without SMS', () => {
  it('shows Robert his own email and Jane’s settings', async () => {
    const { page, context } = await openPage(browser());
    await openSettings(page, 'robert.doe');
    // His own address, not Jane's (ways-in.e2e.ts may have moved it to robert.doe2@example.com).
    expect(await page.getByText(/^Your email address is robert\.doe\d*@example\.com\.$/).count()).toBe(1);
    expect(
      await page.getByText('belong to the patient whose information you are viewing', { exact: false }).count(),
    ).toBe(1);
    expect(await summaries(page)).toEqual(['Email', 'Email and SMS', 'Email and SMS', 'Email']);
    expect(await page.getByRole('region', { name: 'Registration Details' }).innerText()).toContain('Jane Doe');
    await checkScreen(page, 'account-settings-representative');
    await context.close();
  });

  it('has Robert confirm the other email address he gives for Jane with the code mailed to it', async () => {
    // Issue 31, finding 9: an address typed here gets no notice before the code sent to it is entered.
    const { page, context, consoleErrors } = await openPage(browser());
    await openSettings(page, 'robert.doe');
    // An address of its own each try, so that a retry gets a code of its own.
    const other = `jane.notices.${Date.now().toString(36)}@example.org`;
    const since = Date.now();
    await page.getByRole('radio', { name: 'Another email address' }).check();
    await field(page, 'Other email address').fill(other);
    const saved = page.waitForResponse((r) => isSettingsPut(r.request()) && r.status() === 200);
    await saveButton(page).click();
    await saved;
    await expect.poll(() => messageBar(page)).toContain('Your notification settings have been saved.');
    const card = page.getByRole('form', { name: 'Confirm your notification email address' });
    await card.waitFor();
    expect(await card.getByTestId('confirm-email-sent').innerText()).toBe(
      `We sent a 6-digit code to ${other}. Enter it below to confirm it. ` +
        'Until then, notifications go to jane.doe@example.com.',
    );
    // In the language Robert chose for himself (the journeys before may have changed it), greeting him.
    const mail = await waitForMail(other, () => true, since);
    expect(mail.text.split('\n')[0]).toContain('Robert');
    // On a line of its own.
    const code = /^([0-9]{6})\r?$/m.exec(mail.text)![1]!;

    // Five digits: said before anything is sent; a wrong code: the server's answer, in words, under the field.
    const codeField = card.getByLabel('Confirmation code');
    await codeField.fill('12345');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => fieldError(page, 'Confirmation code')).toBe('Enter the 6-digit code.');
    expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    await codeField.fill(code === '000000' ? '111111' : '000000');
    const refused = page.waitForResponse((r) => r.url().endsWith('/NotificationSettings/confirmation'));
    await card.getByRole('button', { name: 'Confirm' }).click();
    expect((await refused).status()).toBe(400);
    await expect
      .poll(() => fieldError(page, 'Confirmation code'))
      .toBe('The code is not correct. Please check it and try again.');
    await expectAccessible(page);
    await checkScreen(page, 'account-settings-confirm-address');

    // The code mailed: confirmed, and the card goes.
    await codeField.fill(code);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => messageBar(page)).toContain(`Confirmed: notifications now go to ${other}.`);
    await expect.poll(() => card.count()).toBe(0);

    // Back to her primary address, as the demo had it: used at once, no code.
    await field(page, 'Other email address').fill('');
    await page.getByRole('radio', { name: /^My primary email address/ }).check();
    const restored = page.waitForResponse((r) => isSettingsPut(r.request()) && r.status() === 200);
    await saveButton(page).click();
    const answer = (await (await restored).json()) as { emailConfirmationPending: boolean; emailNoticesTo: string };
    expect(answer).toMatchObject({ emailConfirmationPending: false, emailNoticesTo: 'jane.doe@example.com' });
    expect(await card.count()).toBe(0);
    // The refusal (400) is the browser's own console line, not the page's error.
    expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('gives John the defaults without an error', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await openSettings(page, 'john.smith');
    expect(await summaries(page)).toEqual(['Off', 'Off', 'Off', 'Off']);
    expect(await field(page, 'Appointment reminders').inputValue()).toBe('1');
    expect(await messageBar(page).catch(() => '')).not.toContain('error');
    // Email on without a phone is fine; SMS on is blocked until a phone is given.
    await box(page, 'Questionnaires', 'SMS').check();
    expect(await saveButton(page).isDisabled()).toBe(true);
    await box(page, 'Questionnaires', 'SMS').uncheck();
    expect(await saveButton(page).isDisabled()).toBe(false);
    expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });

  it('leaves Sam’s SMS boxes off at Lakeside', async () => {
    const { page, context } = await openPage(browser());
    await openSettings(page, 'sam.lee', `http://lakeside.localhost:${port()}`);
    for (const type of ['Appointments', 'Follow-ups', 'Secure messages', 'Questionnaires']) {
      expect(await box(page, type, 'SMS').isDisabled()).toBe(true);
      expect(await row(page, type).count()).toBe(1);
    }
    expect(await box(page, 'Appointments', 'email').isChecked()).toBe(true);
    expect(await page.getByText('Boxes that cannot be ticked').count()).toBe(1);
    await checkScreen(page, 'account-settings-no-sms');
    await context.close();
  });
});
