import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, checkScreen, expectAccessible, openPage, resizeTo } from './support/browser';
import { waitForMail, type CapturedMail } from './support/mailbox';
import {
  accessToken,
  DEMO_PASSWORD,
  field,
  fieldError,
  heading,
  logIn,
  messageBar,
  path,
  useBrowser,
} from './support/pages';

// Issue 4, web part B: the appointments page, the personal contact form with its account actions, and
// the invitation of a contact (statement, PIN page, email, representative sign-up). The journeys run in
// order on the demo seed: the contact added in the second is the one invited in the third.
//
// The invitation journey invites a contact this file adds (Carlos) rather than Linda: inviting withdraws a
// contact's earlier invitations, and account.e2e.ts signs Linda up with her seeded one.

const CARLOS = {
  firstName: 'Carlos',
  lastName: 'Doe',
  email: 'carlos.doe@example.com',
  username: 'carlos.doe',
  password: 'Carlos#Doe2026!',
};

const browser = useBrowser();

const languageMenu = (page: Page) => page.locator('.portal-language select').first();
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

async function logInToDashboard(page: Page, username: string, password = DEMO_PASSWORD) {
  await logIn(page, username, { password });
  await expect.poll(() => path(page)).toBe('/dashboard');
}

/** A call to the API as a script would make it; answers the status and the parsed body. */
async function callApi(method: string, url: string, bearer: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${bearer}`,
      'portal-type': 'patientPortal',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

interface Profile {
  userId: number;
  ids: { idType: string; value: number }[];
}
interface Contact {
  contactId: number;
  contactFirstName: string;
  contactLastName: string;
  mobilePhone: string | null;
  workPhone: string | null;
  usePatientAddress: boolean;
  city: string | null;
  suffix: string | null;
}

async function janesIds(bearer: string) {
  const profile = (await callApi('GET', '/api/patientportaluser/loginprofile', bearer)).body as Profile;
  const patientId = profile.ids.find((id) => id.idType === 'Patient')!.value;
  return { userId: profile.userId, patientId };
}

async function contactsOf(bearer: string, patientId: number): Promise<Contact[]> {
  const answer = await callApi('GET', `/api/patients/${patientId}/contacts`, bearer);
  expect(answer.status).toBe(200);
  return answer.body as Contact[];
}

/** Adds a contact of Jane's through the API (a friend with an email, never invited); answers its id. */
async function addContact(bearer: string, patientId: number, firstName: string, email: string): Promise<number> {
  const answer = await callApi('PUT', `/api/patients/${patientId}/contacts`, bearer, {
    contactId: 0,
    contactFirstName: firstName,
    contactLastName: 'Doe',
    relationshipId: 16,
    communicationLanguageId: 1,
    contactEmail: email,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as Contact).contactId;
}

/** The invitation emails the mailbox holds for an address since a time. */
async function invitationMails(to: string, since: number): Promise<CapturedMail[]> {
  const mails = (await (await fetch(inject('mailboxUrl'))).json()) as CapturedMail[];
  return mails.filter((m) => m.receivedAt >= since && m.to.includes(to) && m.text.includes('/auth-rep-sign-up?u='));
}

/** The row's cells of the appointments table, as text. */
const firstRow = (page: Page) => page.locator('table tbody tr').first().locator('td').allTextContents();
const showing = (page: Page) => page.getByText(/^Showing \d+ of \d+ appointments$/).textContent();

describe('appointments', () => {
  it('filters (the date choice persists), sorts, and expands rows on a phone', async () => {
    const { page, context } = await openPage(browser());
    await logInToDashboard(page, 'jane.doe');
    const bearer = await accessToken(page);
    const { patientId } = await janesIds(bearer);
    const all = (await callApi('GET', `/api/patients/${patientId}/appointments`, bearer)).body as {
      appointments: { date: string; status: string }[];
    };
    const total = all.appointments.length;
    const past = all.appointments.filter((a) => Date.parse(a.date) < Date.now()).length;
    expect(total).toBeGreaterThan(past);
    expect(past).toBeGreaterThan(0);

    const audit = page.waitForRequest((r) => r.url().endsWith('/audit') && r.method() === 'POST');
    await page.goto(`${baseUrl()}/appointments`);
    await expect.poll(() => heading(page)).toBe('Appointments');
    // The visit is audited.
    expect((await audit).postDataJSON()).toEqual({ auditEventType: 'appointmentviewauditevent', patientId });
    expect(await page.title()).toBe('Appointments - Riverside');
    await expect.poll(() => showing(page)).toBe(`Showing ${total} of ${total} appointments`);
    expect(await page.getByText('You receive appointment reminders by', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Change reminder settings' }).getAttribute('href')).toBe(
      '/account-settings',
    );
    expect(await page.getByText('Times are shown in Eastern Time unless noted.').isVisible()).toBe(true);
    // Another zone's abbreviation, and a day without a time.
    expect(await page.locator('tbody time', { hasText: / CS?DT$| CST$/ }).count()).toBe(1);
    expect(await page.locator('tbody time', { hasText: /^\d{2}\/\d{2}\/\d{4}$/ }).count()).toBe(1);
    await checkScreen(page, 'appointments');

    // Date ascending by default; a click turns it, a click on another column sorts that one, descending first.
    const dateHeader = page.getByRole('columnheader', { name: 'Date' });
    expect(await dateHeader.getAttribute('aria-sort')).toBe('ascending');
    const earliest = (await firstRow(page))[0];
    await dateHeader.getByRole('button').click();
    await expect.poll(() => dateHeader.getAttribute('aria-sort')).toBe('descending');
    expect((await firstRow(page))[0]).not.toBe(earliest);
    await dateHeader.getByRole('button').click();
    await expect.poll(() => firstRow(page).then((cells) => cells[0])).toBe(earliest);
    const typeHeader = page.getByRole('columnheader', { name: 'Type' });
    await typeHeader.getByRole('button').click();
    await expect.poll(() => typeHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await dateHeader.getAttribute('aria-sort')).toBe('none');
    await typeHeader.getByRole('button').click();
    await expect.poll(() => typeHeader.getAttribute('aria-sort')).toBe('ascending');
    expect((await firstRow(page))[2]).toBe('Chemotherapy');

    // The filters, behind Show Filters.
    const toggle = page.getByRole('button', { name: 'Show Filters' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await page.getByRole('button', { name: 'Hide Filters' }).getAttribute('aria-expanded')).toBe('true');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/Preferences') && r.request().method() === 'PUT' && r.status() === 204,
    );
    await field(page, 'Date').selectOption('Past');
    await saved;
    await expect.poll(() => showing(page)).toBe(`Showing ${past} of ${total} appointments`);
    await field(page, 'Status').selectOption('Scheduled');
    await expect.poll(() => showing(page)).toBe(`Showing 0 of ${total} appointments`);
    expect(await page.getByText('No appointments match your filter selections.').isVisible()).toBe(true);
    await checkScreen(page, 'appointments-no-match');

    // The date choice is remembered: after a reload the panel opens by itself on Past (the status is not).
    await page.reload();
    await expect.poll(() => showing(page)).toBe(`Showing ${past} of ${total} appointments`);
    expect(await field(page, 'Date').inputValue()).toBe('Past');
    expect(await field(page, 'Status').inputValue()).toBe('All');
    await checkScreen(page, 'appointments-past');

    // Clear Filters resets everything and saves the date choice.
    const cleared = page.waitForResponse(
      (r) => r.url().includes('/Preferences') && r.request().method() === 'PUT' && r.status() === 204,
    );
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await cleared;
    await expect.poll(() => showing(page)).toBe(`Showing ${total} of ${total} appointments`);
    await page.reload();
    await expect.poll(() => showing(page)).toBe(`Showing ${total} of ${total} appointments`);
    expect(await page.getByRole('button', { name: 'Show Filters' }).isVisible()).toBe(true);

    // On a phone rows show date and type; a button expands the rest.
    await page.setViewportSize({ width: 375, height: 900 });
    await expect.poll(() => page.locator('thead th').count()).toBe(3);
    const expand = page.getByRole('button', { name: /^Show details of / }).first();
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await expand.click();
    const collapse = page.getByRole('button', { name: /^Hide details of / }).first();
    expect(await collapse.getAttribute('aria-expanded')).toBe('true');
    const details = page.locator(`[id="${await collapse.getAttribute('aria-controls')}"]`);
    expect(await details.locator('dt').allTextContents()).toEqual(['Provider', 'Location', 'Status']);
    await checkScreen(page, 'appointments-expanded');
    await page.setViewportSize({ width: 375, height: 900 });
    await collapse.click();
    await expect.poll(() => page.getByRole('button', { name: /^Hide details of / }).count()).toBe(0);

    await context.close();
  });
});

describe('personal contacts', () => {
  it('checks the add form, then adds a contact who shows on the dashboard', async () => {
    const { page, context } = await openPage(browser());
    await logInToDashboard(page, 'jane.doe');
    await page.getByRole('link', { name: 'Add Contact' }).click();
    await expect.poll(() => path(page)).toBe('/add-contact');
    await expect.poll(() => heading(page)).toBe('Add Contact');
    expect(await page.title()).toBe('Add Contact - Riverside');
    // The facility's default language is chosen; Fax is not offered.
    expect(await field(page, 'Communication language').inputValue()).toBe('1');
    expect(await field(page, 'Preferred contact method').locator('option', { hasText: 'Fax' }).count()).toBe(0);
    expect(await field(page, 'Invite this contact to access my health information').isChecked()).toBe(false);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fieldError(page, 'First name')).toBe('Required');
    expect(await fieldError(page, 'Last name')).toBe('Required');
    expect(await fieldError(page, 'Relationship')).toBe('Required');
    expect(await focusedName(page)).toBe('contactFirstName');

    // Phones are formatted as typed; a wrong email is refused.
    await field(page, 'First name').fill(`  ${CARLOS.firstName} `);
    await field(page, 'Last name').fill(CARLOS.lastName);
    await field(page, 'Mobile phone').pressSequentially('5185550199');
    expect(await field(page, 'Mobile phone').inputValue()).toBe('(518) 555-0199');
    await field(page, 'Work phone').pressSequentially('5550100');
    expect(await field(page, 'Work phone').inputValue()).toBe('555-0100');
    await field(page, 'Home phone').fill('12345');
    await field(page, 'Email address').fill('carlos@');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fieldError(page, 'Email address')).toBe('Email address is not in correct format.');
    expect(await fieldError(page, 'Home phone')).toBe('Enter a phone number of 7 to 15 digits.');
    expect(await fieldError(page, 'Relationship')).toBe('Required');
    expect(await focusedName(page)).toBe('relationshipId');
    await checkScreen(page, 'add-contact-errors');

    // Inviting needs an email.
    await field(page, 'Email address').fill('');
    await field(page, 'Home phone').fill('');
    await field(page, 'Relationship').selectOption({ label: 'Brother' });
    await field(page, 'Invite this contact to access my health information').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => fieldError(page, 'Email address'))
      .toBe('An email address is required to invite this contact.');
    await field(page, 'Invite this contact to access my health information').uncheck();

    // The patient's address, copied and locked.
    await field(page, 'Use same address as patient').check();
    expect(await field(page, 'City').isDisabled()).toBe(true);
    expect(await field(page, 'City').inputValue()).not.toBe('');
    expect(await field(page, 'Country').inputValue()).toBe('United States');

    // The primary contact is Robert: making Carlos primary asks first; Cancel keeps it.
    await field(page, 'Primary contact').click();
    const primaryDialog = page.getByRole('dialog', { name: 'Change the Primary Contact?' });
    await expect
      .poll(() => primaryDialog.textContent())
      .toContain('Only one Primary Contact is allowed. Do you want to change the Primary Contact?');
    await primaryDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => primaryDialog.count()).toBe(0);
    expect(await field(page, 'Primary contact').isChecked()).toBe(false);

    await field(page, 'Email address').fill(CARLOS.email);
    await field(page, 'Next of kin').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => path(page)).toBe('/dashboard');
    await expect.poll(() => messageBar(page)).toContain('Carlos Doe has been added to your contacts.');
    await page.getByRole('heading', { name: 'Carlos Doe' }).waitFor();

    // Saved trimmed, with digits-only phones and the patient's address.
    const bearer = await accessToken(page);
    const { patientId } = await janesIds(bearer);
    const carlos = (await contactsOf(bearer, patientId)).find((c) => c.contactFirstName === 'Carlos')!;
    expect(carlos).toMatchObject({
      contactLastName: 'Doe',
      mobilePhone: '5185550199',
      workPhone: '5550100',
      usePatientAddress: true,
    });
    await context.close();
  });

  it('asks before leaving the form with changes', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    await logInToDashboard(page, 'jane.doe');
    await page.goto(`${baseUrl()}/add-contact`);
    await field(page, 'First name').fill('Nobody');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'No, take me back' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(path(page)).toBe('/add-contact');
    expect(await field(page, 'First name').inputValue()).toBe('Nobody');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Yes, I want to cancel' }).click();
    await expect.poll(() => path(page)).toBe('/dashboard');
    await context.close();
  });

  it('returns to the new contact, at the top, when the statement after Save with Invite is cancelled', async () => {
    // Issue 11: Cancel went back to an empty Add Contact form scrolled to the bottom, the success message out
    // of view, which invited adding the same person twice.
    const { page, context } = await openPage(browser(), { width: 375 });
    await logInToDashboard(page, 'jane.doe');
    await page.getByRole('link', { name: 'Add Contact' }).click();
    await expect.poll(() => heading(page)).toBe('Add Contact');
    await field(page, 'First name').fill('Erin');
    await field(page, 'Last name').fill('Doe');
    await field(page, 'Relationship').selectOption({ label: 'Sister' });
    await field(page, 'Email address').fill('erin.doe@example.com');
    await field(page, 'Invite this contact to access my health information').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => path(page)).toBe('/invite-auth-statement');
    const contactId = new URL(page.url()).searchParams.get('contactId');
    await expect.poll(() => heading(page)).toBe('Authorization Statement');

    const backAtErin = async () => {
      await expect.poll(() => path(page)).toBe('/edit-contact');
      expect(new URL(page.url()).searchParams.get('contactId')).toBe(contactId);
      await expect.poll(() => heading(page)).toBe('Edit Contact');
      expect(await field(page, 'First name').inputValue()).toBe('Erin');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await messageBar(page)).toContain('Erin Doe has been added to your contacts.');
      const bar = (await page.getByTestId('message-bar').boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    };
    await page.getByRole('button', { name: 'Cancel' }).click();
    await backAtErin();
    await checkScreen(page, 'edit-contact-after-add-cancel');
    // The browser's Back from the statement leads to the same place.
    await page
      .getByRole('region', { name: 'Account Settings' })
      .getByRole('button', { name: 'Invite Contact' })
      .click();
    await expect.poll(() => heading(page)).toBe('Authorization Statement');
    await page.goBack();
    await expect.poll(() => path(page)).toBe('/edit-contact');
    await page.goBack();
    await expect.poll(() => path(page)).toBe('/dashboard');

    const bearer = await accessToken(page);
    const { patientId } = await janesIds(bearer);
    expect((await contactsOf(bearer, patientId)).filter((c) => c.contactFirstName === 'Erin')).toHaveLength(1);
    await context.close();
  });

  it("opens the form at Account Settings, focused, from the dashboard's Change link", async () => {
    // Issue 11: 'Change record access' opened the long form at its top.
    const { page, context } = await openPage(browser(), { width: 375 });
    await logInToDashboard(page, 'jane.doe');
    const card = page.getByTestId('contact-card').filter({ hasText: 'Robert Doe' });
    await card.getByRole('link', { name: /^Change/ }).click();
    await expect.poll(() => path(page)).toBe('/edit-contact');
    const account = page.getByRole('region', { name: 'Account Settings' });
    await expect.poll(() => account.evaluate((el) => el === document.activeElement)).toBe(true);
    // In view (as near the top as the page's end allows): the whole section shows.
    const box = () =>
      account.evaluate((el) => {
        const { top, bottom } = el.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
    await expect.poll(box).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.screenshot({ path: `${inject('screenshotDir')}/edit-contact-change-link-375.png` });

    // Edit opens the same form at its top.
    await page.goBack();
    await expect.poll(() => path(page)).toBe('/dashboard');
    await card.getByRole('link', { name: 'Edit Robert Doe' }).click();
    await expect.poll(() => heading(page)).toBe('Edit Contact');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it("shows the address fields as disabled while the patient's address is used", async () => {
    // Issue 11: with 'Use same address as patient' ticked the State select was disabled but looked enabled.
    const { page, context } = await openPage(browser());
    await logInToDashboard(page, 'jane.doe');
    await page.goto(`${baseUrl()}/add-contact`);
    await expect.poll(() => heading(page)).toBe('Add Contact');
    const labels = ['Address line 1', 'Address line 2', 'Country', 'State or province', 'City', 'ZIP or postal code'];
    const looks = () =>
      Promise.all(
        labels.map((label) =>
          field(page, label).evaluate((el) => {
            const style = getComputedStyle(el);
            return { color: style.color, background: style.backgroundColor, cursor: style.cursor };
          }),
        ),
      );
    const enabled = await looks();
    await field(page, 'Use same address as patient').check();
    await expect.poll(() => field(page, 'State or province').isDisabled()).toBe(true);
    expect(await field(page, 'State or province').inputValue()).not.toBe('');
    const locked = await looks();
    for (const [i, label] of labels.entries()) {
      expect(await field(page, label).isDisabled(), label).toBe(true);
      expect(locked[i]!.cursor, label).toBe('not-allowed');
      expect(locked[i]!.background, label).not.toBe(enabled[i]!.background);
      expect(locked[i]!.color, label).not.toBe(enabled[i]!.color);
    }
    await page.getByRole('region', { name: 'Address' }).screenshot({
      path: `${inject('screenshotDir')}/add-contact-address-locked-1280.png`,
    });
    await resizeTo(page, 375);
    await page.getByRole('region', { name: 'Address' }).screenshot({
      path: `${inject('screenshotDir')}/add-contact-address-locked-375.png`,
    });
    await context.close();
  });

  it('sends a representative who opens the form to the dashboard', async () => {
    const { page, context } = await openPage(browser());
    await logInToDashboard(page, 'robert.doe');
    await page.goto(`${baseUrl()}/add-contact`);
    await expect.poll(() => path(page)).toBe('/dashboard');
    await context.close();
  });
});

describe('invitations', () => {
  it('invites Carlos: statement, PIN page, email, sign-up as Jane’s representative', async () => {
    const { page, context } = await openPage(browser());
    await logInToDashboard(page, 'jane.doe');
    const bearer = await accessToken(page);
    const { patientId } = await janesIds(bearer);
    const carlos = (await contactsOf(bearer, patientId)).find((c) => c.contactFirstName === 'Carlos')!;

    await page.goto(`${baseUrl()}/edit-contact?contactId=${carlos.contactId}`);
    await expect.poll(() => heading(page)).toBe('Edit Contact');
    expect(await page.title()).toBe('Edit Contact - Riverside');
    expect(await field(page, 'First name').inputValue()).toBe('Carlos');
    expect(await field(page, 'Mobile phone').inputValue()).toBe('(518) 555-0199');
    const account = page.getByRole('region', { name: 'Account Settings' });
    await expect
      .poll(() => account.textContent())
      .toContain('Carlos Doe has not been invited to access your information.');
    await checkScreen(page, 'edit-contact-not-invited');

    // A change not yet saved: 'Save Changes?' comes first, and saving goes on to the invitation.
    await field(page, 'Suffix').fill('Jr.');
    await account.getByRole('button', { name: 'Invite Contact' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save Changes?' });
    await expect.poll(() => saveDialog.count()).toBe(1);
    await expect.poll(() => saveDialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expectAccessible(page);
    await saveDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => path(page)).toBe('/invite-auth-statement');
    expect((await contactsOf(bearer, patientId)).find((c) => c.contactId === carlos.contactId)!.suffix).toBe('Jr.');

    await expect.poll(() => heading(page)).toBe('Authorization Statement');
    await expect.poll(() => page.locator('.portal-rich-text').textContent()).not.toBe('');
    await checkScreen(page, 'invite-auth-statement');
    // Cancel goes back to the contact.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => path(page)).toBe('/edit-contact');
    await account.getByRole('button', { name: 'Invite Contact' }).click();
    await expect.poll(() => path(page)).toBe('/invite-auth-statement');
    const since = Date.now();
    await page.getByRole('button', { name: 'I Agree' }).click();

    await expect.poll(() => path(page)).toBe('/contact-pin');
    await expect.poll(() => heading(page)).toBe('PIN Required');
    expect(await page.getByText(`We have sent an invitation to ${CARLOS.email}.`).isVisible()).toBe(true);
    await expect.poll(() => messageBar(page)).toContain(`The invitation has been sent to ${CARLOS.email}.`);
    const pin = (await page.getByTestId('contact-pin').textContent())!.trim();
    expect(pin).toMatch(/^\d{4,10}$/);
    await checkScreen(page, 'contact-pin');

    // Print opens the PIN letter (a real PDF) in a new window.
    const [popup, letterRequest] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('request', (r) => r.url().includes('/pinpdf')),
      page.getByRole('button', { name: 'Print' }).click(),
    ]);
    expect(letterRequest.url()).toMatch(/\/api\/invitations\/\d+\/pinpdf\?token=/);
    const letter = await fetch(letterRequest.url());
    expect(letter.status).toBe(200);
    expect(letter.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await letter.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await popup.close();

    // Only one invitation was sent for this visit of the PIN page.
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => path(page)).toBe('/dashboard');
    await page.goto(`${baseUrl()}/edit-contact?contactId=${carlos.contactId}`);
    await expect
      .poll(() => account.textContent())
      .toContain('Carlos Doe has been invited but has not yet created an account.');
    expect(await account.getByRole('button', { name: 'Resend Invitation' }).isVisible()).toBe(true);
    await checkScreen(page, 'edit-contact-invited');

    // The email has the sign-up link and never the PIN.
    const mail = await waitForMail(CARLOS.email, (m) => m.text.includes('/auth-rep-sign-up?u='), since);
    expect(mail.text).not.toContain(pin);
    const link = /(\/auth-rep-sign-up\?u=[^\s>)"]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    // Carlos signs up in his own browser with the PIN Jane gave him.
    const carlosSide = await openPage(browser(), { width: 375 });
    await carlosSide.page.goto(`${baseUrl()}${link}`);
    await expect.poll(() => heading(carlosSide.page)).toBe('First, we need to confirm your identity');
    await field(carlosSide.page, 'PIN').fill(pin);
    await carlosSide.page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => path(carlosSide.page)).toBe('/create-account');
    await field(carlosSide.page, 'Username').fill(CARLOS.username);
    await field(carlosSide.page, 'Password').fill(CARLOS.password);
    await field(carlosSide.page, 'Confirm password').fill(CARLOS.password);
    await field(carlosSide.page, 'I have read and accept the terms of use.').check();
    await carlosSide.page.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => path(carlosSide.page)).toBe('/dashboard');
    await expect.poll(() => heading(carlosSide.page)).toBe('Welcome, Carlos');
    await carlosSide.context.close();

    // Later he logs in with his new password and sees whose information he is viewing.
    const later = await openPage(browser());
    await logIn(later.page, CARLOS.username, { password: CARLOS.password });
    await expect.poll(() => heading(later.page)).toBe('Welcome, Carlos');
    await expect
      .poll(() => later.page.getByTestId('representative-line').textContent())
      .toBe('You are viewing the health information for Jane Doe.');
    await checkScreen(later.page, 'new-representative-dashboard');
    await later.context.close();

    // On Jane's side the contact is now an enabled account.
    await page.reload();
    await expect.poll(() => account.textContent()).toContain('Carlos Doe is authorized to access your information.');
    await context.close();
  });
});

describe('the PIN page', () => {
  it('shows the same invitation after a reload; Resend Invitation issues a new PIN', async () => {
    // Issue 11: a reload of /contact-pin sent a second email with a new PIN, and the first PIN (perhaps
    // printed already) and the first email's link stopped working.
    const { page, context } = await openPage(browser());
    await logInToDashboard(page, 'jane.doe');
    const bearer = await accessToken(page);
    const { patientId } = await janesIds(bearer);
    const email = 'dana.doe@example.com';
    const contactId = await addContact(bearer, patientId, 'Dana', email);
    const since = Date.now();
    const pinShown = async () => {
      await expect.poll(() => heading(page)).toBe('PIN Required');
      return (await page.getByTestId('contact-pin').textContent())!.trim();
    };

    await page.goto(`${baseUrl()}/edit-contact?contactId=${contactId}`);
    const account = page.getByRole('region', { name: 'Account Settings' });
    await account.getByRole('button', { name: 'Invite Contact' }).click();
    await page.getByRole('button', { name: 'I Agree' }).click();
    await expect.poll(() => path(page)).toBe('/contact-pin');
    const first = await pinShown();
    await waitForMail(email, (m) => m.text.includes('/auth-rep-sign-up?u='), since);

    await page.reload();
    expect(await pinShown()).toBe(first);
    expect(await page.getByText(`We have sent an invitation to ${email}.`).isVisible()).toBe(true);
    await checkScreen(page, 'contact-pin-reloaded');
    // Still the one email, and the invitation it links to still takes the first PIN.
    expect(await invitationMails(email, since)).toHaveLength(1);
    const link = /\/auth-rep-sign-up\?u=([^\s>)"]+)/.exec((await invitationMails(email, since))[0]!.text)![1]!;
    const verified = await fetch(
      `${baseUrl()}/api/authRep/signup/verifyInvitationToken/${first}/${encodeURIComponent(decodeURIComponent(link))}`,
    );
    expect(verified.status).toBe(200);

    // Resend Invitation is the way to a new PIN; a reload after it shows the new one.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.goto(`${baseUrl()}/edit-contact?contactId=${contactId}`);
    await account.getByRole('button', { name: 'Resend Invitation' }).click();
    await page.getByRole('button', { name: 'I Agree' }).click();
    await expect.poll(() => path(page)).toBe('/contact-pin');
    const second = await pinShown();
    await expect
      .poll(async () => (await invitationMails(email, since)).length, { timeout: 20_000, interval: 250 })
      .toBe(2);
    const replaced = await fetch(
      `${baseUrl()}/api/authRep/signup/verifyInvitationToken/${first}/${encodeURIComponent(decodeURIComponent(link))}`,
    );
    expect(replaced.status).toBe(400);
    await page.reload();
    expect(await pinShown()).toBe(second);
    expect(await invitationMails(email, since)).toHaveLength(2);
    await context.close();
  });
});

describe('account actions', () => {
  it('disables Robert’s access (his open session loses Jane at once) and enables it again', async () => {
    const robert = await openPage(browser());
    await logIn(robert.page, 'robert.doe');
    await expect.poll(() => heading(robert.page)).toBe('Welcome, Robert');
    const robertsToken = await accessToken(robert.page);

    const { page, context } = await openPage(browser());
    await logInToDashboard(page, 'jane.doe');
    const bearer = await accessToken(page);
    const { patientId } = await janesIds(bearer);
    expect((await callApi('GET', `/api/patients/${patientId}`, robertsToken)).status).toBe(200);
    const robertContact = (await contactsOf(bearer, patientId)).find((c) => c.contactFirstName === 'Robert')!;

    await page.goto(`${baseUrl()}/edit-contact?contactId=${robertContact.contactId}`);
    await expect.poll(() => heading(page)).toBe('Edit Contact');
    // Robert is the primary contact: the box is locked.
    expect(await field(page, 'Primary contact').isChecked()).toBe(true);
    expect(await field(page, 'Primary contact').isDisabled()).toBe(true);
    const account = page.getByRole('region', { name: 'Account Settings' });
    await expect.poll(() => account.textContent()).toContain('Robert Doe is authorized to access your information.');
    expect(await account.getByRole('button', { name: 'Reset Password' }).isVisible()).toBe(true);
    await checkScreen(page, 'edit-contact-enabled');

    await account.getByRole('button', { name: 'Disable Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable access?' });
    await expect
      .poll(() => dialog.textContent())
      .toContain('Robert Doe will no longer be able to see your health information.');
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Disable Access' }).click();
    await expect.poll(() => messageBar(page)).toContain('Robert Doe can no longer access your health information.');
    await expect.poll(() => account.textContent()).toContain("Robert Doe's access to your information is disabled.");
    expect(await account.getByRole('button', { name: 'Enable Access' }).isVisible()).toBe(true);
    // The dialog fades out; check the page once it has gone.
    await expect.poll(() => dialog.count()).toBe(0);
    await checkScreen(page, 'edit-contact-disabled');

    // Robert's open session: Jane's record is gone on its next call.
    expect((await callApi('GET', `/api/patients/${patientId}`, robertsToken)).status).toBe(404);
    expect((await callApi('GET', `/api/patients/${patientId}/appointments`, robertsToken)).status).toBe(404);

    await account.getByRole('button', { name: 'Enable Access' }).click();
    const enable = page.getByRole('dialog', { name: 'Enable access?' });
    await enable.getByRole('button', { name: 'Enable Access' }).click();
    await expect.poll(() => messageBar(page)).toContain('Robert Doe can access your health information again.');
    await expect.poll(() => account.textContent()).toContain('Robert Doe is authorized to access your information.');
    expect((await callApi('GET', `/api/patients/${patientId}`, robertsToken)).status).toBe(200);
    await robert.context.close();
    await context.close();
  });

  it('shows the state of each seeded contact in every language', async () => {
    const { page, context } = await openPage(browser());
    await logInToDashboard(page, 'jane.doe');
    const bearer = await accessToken(page);
    const { patientId } = await janesIds(bearer);
    const contacts = await contactsOf(bearer, patientId);
    const emily = contacts.find((c) => c.contactFirstName === 'Emily')!;
    const linda = contacts.find((c) => c.contactFirstName === 'Linda')!;

    await page.goto(`${baseUrl()}/edit-contact?contactId=${emily.contactId}`);
    const account = page.getByRole('region', { name: 'Account Settings' });
    await expect.poll(() => account.textContent()).toContain("Emily Doe's access to your information is disabled.");
    // Linda holds the seeded invitation (unless account.e2e.ts has already signed her up).
    await page.goto(`${baseUrl()}/edit-contact?contactId=${linda.contactId}`);
    await expect
      .poll(() => account.textContent())
      .toMatch(
        /Linda Doe has been invited but has not yet created an account\.|Linda Doe is authorized to access your information\./,
      );

    for (const [locale, title, sections] of [
      ['es-MX', 'Editar contacto', 'Configuración de la cuenta'],
      ['fr-CA', 'Modifier le contact', 'Paramètres du compte'],
      ['pt-BR', 'Editar contato', 'Configurações da conta'],
      ['zh', '编辑联系人', '账户设置'],
    ] as const) {
      await languageMenu(page).selectOption(locale);
      await expect.poll(() => heading(page)).toBe(title);
      await page.getByRole('region', { name: sections }).waitFor();
      await checkScreen(page, `edit-contact-${locale}`);
    }
    // Back to English, the language the other journeys expect of Jane.
    await languageMenu(page).selectOption('en-US');
    await expect.poll(() => heading(page)).toBe('Edit Contact');
    await context.close();
  });
});
