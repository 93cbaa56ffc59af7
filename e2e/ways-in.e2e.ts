import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, checkScreen, expectAccessible, openPage, resizeTo } from './support/browser';
import { waitForMail } from './support/mailbox';
import { accessToken, DEMO_PASSWORD, heading, messageBar, path, useBrowser } from './support/pages';

const ROBERTS_NEW_EMAIL = 'robert.doe2@example.com';
const tickets = () => inject('demoTickets');

const browser = useBrowser();

async function passwordLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** A token the server no longer accepts: the login profile answers 401. */
async function expectRefused(token: string) {
  const response = await fetch(`${baseUrl()}/api/patientportaluser/loginprofile`, {
    headers: { Authorization: `Bearer ${token}`, 'portal-type': 'patientPortal' },
  });
  expect(response.status).toBe(401);
}

/** After logout only the facility stays in session storage. */
async function expectSessionCleared(page: Page) {
  expect(await page.evaluate(() => Object.keys(window.sessionStorage))).toEqual(['facility']);
}

/** Opens the header's user menu from the keyboard and picks Log Out. */
async function logOutFromMenu(page: Page, name: string) {
  const menu = page.getByRole('button', { name });
  await menu.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Log Out' });
  await expect.poll(() => item.isVisible()).toBe(true);
  // Checked once the menu has faded in (half-transparent text would fail the contrast check).
  await expect.poll(() => page.getByRole('menu').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await expectAccessible(page);
  // Log Out is the menu's last entry (the only one for kiosk users).
  await page.keyboard.press('End');
  await expect.poll(() => item.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
}

/** A call to the API as a script would make it (not through the page). */
async function callApi(method: string, url: string, token: string, json?: unknown) {
  const response = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'portal-type': 'patientPortal',
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  expect(response.status, `${method} ${url}`).toBeLessThan(300);
  return response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
}

async function apiLogin(username: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'portal-type': 'patientPortal' },
    body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD }).toString(),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function janesBirthDate() {
  return { day: '12', month: '4', year: String(new Date().getFullYear() - 58) };
}

// Before the lockout journey below, which locks emily.doe for 15 minutes.
describe('a user with no patient to show', () => {
  it('tells emily.doe at once that her access was switched off and whom to contact, with no tabs, in her language', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/login`);
    await passwordLogin(page, 'emily.doe');
    await expect.poll(() => path(page)).toBe('/dashboard');
    await expect.poll(() => heading(page)).toBe('Your access has been switched off');
    const main = page.getByRole('main');
    expect(await main.innerText()).toContain(
      "Your access to the patient's health record has been switched off, so there is nothing to show here.",
    );
    // Whom to contact: the facility's Contact Us list.
    expect(await main.innerText()).toContain('please contact Riverside Cancer Center');
    expect(await main.getByRole('link', { name: '(518) 555-0100' }).getAttribute('href')).toBe('tel:5185550100');
    expect(await main.getByRole('link', { name: 'info@riversidecancer.example.org' }).getAttribute('href')).toBe(
      'mailto:info@riversidecancer.example.org',
    );
    expect(await main.getByText('Welcome, Emily').count()).toBe(0);
    expect(await page.getByRole('status').count()).toBe(0);
    // No module tabs, no Contact Us or envelope in the header, no menu button: only her menu with Log Out.
    expect(await page.getByTestId('nav-tabs').count()).toBe(0);
    expect(await page.locator('header a[href="/dashboard"], header a[href="/appointments"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Menu/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Emily Doe' }).waitFor();
    await checkScreen(page, 'no-patient-emily');

    // Every other page says the same, never a spinner.
    await page.goto(`${baseUrl()}/appointments`);
    await expect.poll(() => heading(page)).toBe('Your access has been switched off');
    await page.goto(`${baseUrl()}/test-results`);
    await expect.poll(() => heading(page)).toBe('Your access has been switched off');

    // In her language.
    await page.getByLabel('Choose a language').selectOption('zh');
    await expect.poll(() => heading(page)).toBe('您的访问权限已被关闭');
    await checkScreen(page, 'no-patient-emily-zh');
    await page.getByLabel('选择语言').selectOption('es-MX');
    await expect.poll(() => heading(page)).toBe('Su acceso ha sido desactivado');
    await page.getByLabel('Elija un idioma').selectOption('en-US');
    await expect.poll(() => heading(page)).toBe('Your access has been switched off');

    await logOutFromMenu(page, 'Emily Doe');
    await expect.poll(() => path(page)).toBe('/logout-success');
    await expect.poll(() => heading(page)).toBe('Logout Successful');
    await expectSessionCleared(page);
    await context.close();
  });
});

describe('password login', () => {
  it('takes jane.doe to her dashboard; Log Out in the user menu ends the session', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/login`);
    await passwordLogin(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    expect(path(page)).toBe('/dashboard');
    expect(await page.evaluate(() => window.sessionStorage.getItem('loginType'))).toBe('userNamePassword');
    // The header's home link and the user menu with her name.
    expect(await page.getByRole('link', { name: 'Riverside Cancer Center home' }).getAttribute('href')).toBe('/');
    await checkScreen(page, 'dashboard-jane');
    const token = await accessToken(page);

    // Logged in, the login forms lead home.
    for (const form of ['/login', '/kioskLogin', '/login?redirect=%2Fappointments']) {
      await page.goto(`${baseUrl()}${form}`);
      await expect.poll(() => path(page), { message: form }).toBe('/dashboard');
      await expect.poll(() => heading(page)).toBe('Welcome, Jane');
      expect(await page.getByLabel('Username').count()).toBe(0);
    }

    await logOutFromMenu(page, 'Jane Doe');
    await expect.poll(() => path(page)).toBe('/logout-success');
    await expect.poll(() => heading(page)).toBe('Logout Successful');
    expect(await page.getByText('Your session has ended. You may now close this page.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Log in again' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('button', { name: 'Jane Doe' }).count()).toBe(0);
    await checkScreen(page, 'logout-success');
    await expectSessionCleared(page);
    await expectRefused(token);
    await context.close();
  });

  it('locks an account after five wrong passwords and says for how long', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    await page.goto(`${baseUrl()}/login`);
    for (let attempt = 1; attempt <= 4; attempt++) {
      await passwordLogin(page, 'emily.doe', `Wrong#Password${attempt}`);
      await expect.poll(() => messageBar(page)).toContain('Login failed. Please try again.');
      await page.getByRole('button', { name: 'Dismiss message' }).click();
    }
    await passwordLogin(page, 'emily.doe', 'Wrong#Password5');
    await expect
      .poll(() => messageBar(page))
      .toMatch(/Your account is locked after too many unsuccessful login attempts\. Please wait 1[45] minutes/);
    await checkScreen(page, 'login-locked');
    // Even the right password is refused while locked.
    await passwordLogin(page, 'emily.doe');
    await expect.poll(() => messageBar(page)).toContain('Your account is locked');
    expect(path(page)).toBe('/login');
    await context.close();
  });

  it('keeps the language chosen on the login page after login', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('Username').waitFor();
    await page.getByLabel('Choose a language').selectOption('es-MX');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es-MX');
    await page.getByLabel('Nombre de usuario').fill('jane.doe');
    await page.getByLabel(/^Contraseña/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect.poll(() => heading(page)).toBe('Bienvenido/a, Jane');
    await page.getByRole('button', { name: 'Jane Doe' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es-MX');
    await checkScreen(page, 'dashboard-es');
    await context.close();
  });

  it('shows the session-timeout message on the login page when the session cannot be refreshed', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/login`);
    await passwordLogin(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    // The stored session is spoiled before the next page's scripts run: spoiling it under the live page
    // let that page's own calls time the session out first, and the new page then had no message.
    await page.addInitScript(() => {
      if (window.sessionStorage.getItem('e2e.spoiled')) return;
      window.sessionStorage.setItem('e2e.spoiled', '1');
      window.sessionStorage.setItem('refresh_token', 'not-a-real-refresh-token');
      window.sessionStorage.setItem('expires', '0');
    });
    await page.goto(`${baseUrl()}/dashboard`);
    await expect.poll(() => path(page)).toBe('/login');
    await expect.poll(() => messageBar(page)).toContain('Your session has timed out. Please log in again.');
    await checkScreen(page, 'login-session-timeout');
    // Logging in again answers the notice.
    await passwordLogin(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    expect(await page.getByTestId('message-bar').count()).toBe(0);
    await context.close();
  });
});

describe('after password login', () => {
  it('warns about an unconfirmed email address and resends the confirmation on request', async () => {
    // A new address is unconfirmed until its link is followed.
    const apiToken = await apiLogin('robert.doe');
    const { userId } = (await callApi('GET', '/api/patientportaluser/loginprofile', apiToken))!;
    await callApi('PATCH', `/api/users/${String(userId)}`, apiToken, [
      { op: 'replace', path: '/email', value: ROBERTS_NEW_EMAIL },
      // Changing an address the account already has needs the current password (issue 10).
      { op: 'test', path: '/password', value: DEMO_PASSWORD },
    ]);
    await callApi('POST', `/api/users/${String(userId)}/audit/logoff`, apiToken, {
      auditEventType: 'logoffauditevent',
    });

    const { page, context } = await openPage(browser(), { width: 375 });
    await page.goto(`${baseUrl()}/login`);
    await passwordLogin(page, 'robert.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Robert');
    await expect
      .poll(() => messageBar(page))
      .toContain(`Your email address ${ROBERTS_NEW_EMAIL} has not been confirmed.`);
    await checkScreen(page, 'email-unconfirmed-notice');
    const since = Date.now();
    await page.getByRole('button', { name: 'Resend the confirmation email' }).click();
    await expect.poll(() => messageBar(page)).toContain('A confirmation email has been sent. Please check your inbox.');
    await waitForMail(ROBERTS_NEW_EMAIL, (mail) => mail.text.includes('/confirm-email?u='), since);

    // A representative's language choice is saved to the user.
    await page.getByLabel('Choose a language').selectOption('fr-CA');
    await expect.poll(() => heading(page)).toBe('Bienvenue, Robert');
    const token = await accessToken(page);
    await expect
      .poll(async () => (await callApi('GET', '/api/patientportaluser/loginprofile', token))!.preferredLanguage)
      .toBe('fr-CA');

    // Logout forgets the notice with his address: the logout page shows no message and no Resend.
    await resizeTo(page, 1280);
    await page.getByRole('button', { name: 'Robert Doe' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect.poll(() => path(page)).toBe('/logout-success');
    await expect.poll(() => heading(page)).toBe('Déconnexion réussie');
    expect(await page.getByTestId('message-bar').count()).toBe(0);
    expect(await page.getByText(ROBERTS_NEW_EMAIL).count()).toBe(0);
    expect(await page.getByRole('button', { name: /confirmation/i }).count()).toBe(0);
    await checkScreen(page, 'logout-success-after-notice');
    await context.close();
  });

  it("saves a patient's language choice to the patient", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/login`);
    await passwordLogin(page, 'jane.doe');
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    const token = await accessToken(page);
    const profile = (await callApi('GET', '/api/patientportaluser/loginprofile', token))!;
    const patientId = (profile.ids as { idType: string; value: number }[]).find((id) => id.idType === 'Patient')!.value;
    const saved = async () => (await callApi('GET', `/api/patients/${patientId}/preferredLanguage`, token))!.language;
    await page.getByLabel('Choose a language').selectOption('pt-BR');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('pt-BR');
    await expect.poll(saved).toBe('pt-BR');
    // Back to English, which the link login journey expects as Jane's language.
    await page.getByLabel('Escolha um idioma').selectOption('en-US');
    await expect.poll(saved).toBe('en-US');
    await context.close();
  });
});

describe('single sign-on', () => {
  it('logs in from a ticket, lands on the dashboard and logs out to the SSO logout page', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}${tickets().sso[0]}&redirect=%2F`);
    await expect.poll(() => heading(page)).toBe('Welcome, Jane');
    expect(path(page)).toBe('/dashboard');
    expect(await page.evaluate(() => window.sessionStorage.getItem('loginType'))).toBe('singleSignOn');
    const token = await accessToken(page);

    await logOutFromMenu(page, 'Jane Doe');
    await expect.poll(() => path(page)).toBe('/ssoLogout');
    await expect.poll(() => heading(page)).toBe('Logout Successful');
    expect(await page.getByText('Your session has ended. You may now close this page.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Log in again' }).count()).toBe(0);
    await checkScreen(page, 'sso-logout');
    await expectSessionCleared(page);
    await expectRefused(token);
    await context.close();
  });

  it('goes to the redirect target after login, and only within the site', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}${tickets().sso[1]}&redirect=${encodeURIComponent('//evil.example/x')}`);
    await expect.poll(() => path(page)).toBe('/dashboard');
    await page.goto(`${baseUrl()}${tickets().sso[2]}&redirect=${encodeURIComponent('/dashboard?tab=1')}`);
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/dashboard?tab=1`);
    await context.close();
  });

  it('shows Login Failed for an unknown or used ticket, re-worded by the language links', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    await page.goto(`${baseUrl()}/singleSignOn?id=not-a-real-ticket`);
    await expect.poll(() => path(page)).toBe('/singleSignOnFailed');
    await expect.poll(() => heading(page)).toBe('Login Failed');
    expect(
      await page
        .getByText(
          "You are unable to log in. It's possible that you do not have an account on this site, or that your " +
            'access has been restricted. Please contact your care provider for more information.',
        )
        .isVisible(),
    ).toBe(true);
    expect(await page.evaluate(() => Object.keys(window.sessionStorage))).toEqual(['facility']);
    await checkScreen(page, 'sso-failed');

    const spanish = page.getByRole('button', { name: 'Español (México)' });
    expect(await spanish.getAttribute('lang')).toBe('es-MX');
    await spanish.click();
    await expect.poll(() => heading(page)).toBe('No se pudo iniciar sesión');
    expect(await page.locator('html').getAttribute('lang')).toBe('es-MX');
    expect(await page.getByRole('button', { name: 'English (US)' }).getAttribute('lang')).toBe('en-US');
    await checkScreen(page, 'sso-failed-es');
    await page.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => heading(page)).toBe('登录失败');

    // A ticket works once.
    await page.goto(`${baseUrl()}${tickets().sso[0]}`);
    await expect.poll(() => path(page)).toBe('/singleSignOnFailed');
    await context.close();
  });
});

describe('kiosk', () => {
  it('logs kiosk staff in to the kiosk list and out again to the kiosk login', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/kioskLogin`);
    await expect.poll(() => heading(page)).toBe('Questionnaire Kiosk');
    expect(await page.title()).toBe('Questionnaire Kiosk - Riverside');
    expect(await page.getByLabel('Choose a language').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByText('Required').count()).toBe(2);
    await checkScreen(page, 'kiosk-login');

    // A patient account may not open the kiosk.
    await passwordLogin(page, 'jane.doe');
    await expect.poll(() => messageBar(page)).toContain('Login failed. Please try again.');

    await passwordLogin(page, 'kiosk.staff');
    await expect.poll(() => path(page)).toBe('/kioskQuestionnaires');
    await expect.poll(() => heading(page)).toBe('Questionnaire Kiosk');
    expect(await page.evaluate(() => window.sessionStorage.getItem('loginType'))).toBe('patientKioskManagement');
    // The kiosk header: its home is the kiosk list, never the dashboard.
    expect(await page.getByRole('link', { name: 'Riverside Cancer Center home' }).getAttribute('href')).toBe(
      '/kioskQuestionnaires',
    );
    expect(await page.locator('a[href="/dashboard"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Front Desk Kiosk' }).waitFor();
    await checkScreen(page, 'kiosk-questionnaires');
    const token = await accessToken(page);

    // Kiosk staff have the kiosk list only: every other page, the login forms included, leads back to it.
    for (const other of ['/dashboard', '/appointments', '/patientKioskQuestionnaires', '/', '/kioskLogin', '/login']) {
      await page.goto(`${baseUrl()}${other}`);
      await expect.poll(() => path(page), { message: other }).toBe('/kioskQuestionnaires');
      await expect.poll(() => heading(page)).toBe('Questionnaire Kiosk');
      expect(await page.getByText('Welcome, Front Desk').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    }

    await logOutFromMenu(page, 'Front Desk Kiosk');
    await expect.poll(() => path(page)).toBe('/kioskLogin');
    await expect.poll(() => heading(page)).toBe('Questionnaire Kiosk');
    await expectSessionCleared(page);
    await expectRefused(token);
    await context.close();
  });

  it('sends anyone but kiosk staff from the kiosk list to the kiosk login', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/kioskQuestionnaires`);
    await expect.poll(() => path(page)).toBe('/kioskLogin');
    await context.close();
  });

  it('logs a patient in from a kiosk ticket to their questionnaires, keeping the flags', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    const ticket = tickets().kioskUser[0]!;
    await page.goto(`${baseUrl()}${ticket}`);
    await expect.poll(() => path(page)).toBe('/patientKioskQuestionnaires');
    expect(new URL(page.url()).search).toBe('?startIfOnlyOne=true');
    await expect.poll(() => heading(page)).toBe('My Questionnaires');
    expect(await page.evaluate(() => window.sessionStorage.getItem('loginType'))).toBe('patientKioskUser');
    expect(await page.locator('a[href="/dashboard"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Jane Doe' }).waitFor();
    await checkScreen(page, 'patient-kiosk-questionnaires');
    const token = await accessToken(page);

    // Questionnaires only: the dashboard, other modules, the kiosk list and the login forms lead to hers.
    for (const other of ['/dashboard', '/test-results', '/kioskQuestionnaires', '/', '/login', '/kioskLogin']) {
      await page.goto(`${baseUrl()}${other}`);
      await expect.poll(() => path(page), { message: other }).toBe('/patientKioskQuestionnaires');
      await expect.poll(() => heading(page)).toBe('My Questionnaires');
      expect(await page.getByText('Welcome, Jane').count()).toBe(0);
      expect(await page.locator('a[href="/dashboard"]').count()).toBe(0);
    }

    await page.goto(`${baseUrl()}/logout`);
    await expect.poll(() => path(page)).toBe('/kioskLogin');
    await expectSessionCleared(page);
    await expectRefused(token);

    // The ticket was single-use: the kiosk login says the login did not work.
    await page.goto(`${baseUrl()}${ticket}`);
    await expect.poll(() => path(page)).toBe('/kioskLogin');
    await expect
      .poll(() => messageBar(page))
      .toContain('An unexpected error has occurred. Please report this to your system administrator.');
    await checkScreen(page, 'kiosk-login-ticket-failed');
    await context.close();
  });
});

describe('link login', () => {
  it('checks the form, refuses a wrong date of birth, then opens the questionnaires in the patient language', async () => {
    // The browser speaks French; Jane's preferred language (English) takes over after login.
    const { page, context } = await openPage(browser(), { locale: 'fr-CA' });
    const link = tickets().link[0]!;
    await page.goto(`${baseUrl()}${link}`);
    await expect.poll(() => heading(page)).toBe('Confirmez votre identité');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect.poll(() => page.getByText('Obligatoire').count()).toBe(4);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('lastName');
    await page.getByLabel('Choisir une langue').selectOption('en-US');
    await expect.poll(() => heading(page)).toBe('Confirm Your Identity');
    await expect.poll(() => page.getByText('Required').count()).toBe(4);
    await checkScreen(page, 'link-login-required');

    const dob = janesBirthDate();
    await page.getByLabel('Last name').fill('Doe');
    await page.getByLabel('Day').fill('32');
    await page.getByLabel('Month').fill('1a');
    await page.getByLabel('Year').fill('58');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('The maximum value is 31.').count()).toBe(1);
    expect(await page.getByText('Enter numbers only.').count()).toBe(1);
    expect(await page.getByText('Enter a 4-digit year.').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('day');

    await page.getByLabel('Day').fill('13');
    await page.getByLabel('Month').fill(dob.month);
    await page.getByLabel('Year').fill(dob.year);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => messageBar(page))
      .toContain('No match found for last name and DOB entered. Please try again.');
    await checkScreen(page, 'link-login-no-match');

    await page.getByLabel('Choose a language').selectOption('fr-CA');
    await expect.poll(() => heading(page)).toBe('Confirmez votre identité');
    await page.getByLabel('Jour').fill(dob.day);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect.poll(() => path(page)).toBe('/patientKioskQuestionnaires');
    await expect.poll(() => heading(page)).toBe('My Questionnaires');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await page.evaluate(() => window.sessionStorage.getItem('loginType'))).toBe('patientLinkUser');
    expect(await page.locator('a[href="/dashboard"]').count()).toBe(0);
    const token = await accessToken(page);

    // Questionnaires only, as for kiosk users.
    for (const other of ['/dashboard', '/appointments', '/login']) {
      await page.goto(`${baseUrl()}${other}`);
      await expect.poll(() => path(page), { message: other }).toBe('/patientKioskQuestionnaires');
      await expect.poll(() => heading(page)).toBe('My Questionnaires');
      expect(await page.getByText('Welcome, Jane').count()).toBe(0);
    }

    // She came by a link, not to a kiosk (issue 32, finding 15): the logout-success page, not the staff's login.
    await logOutFromMenu(page, 'Jane Doe');
    await expect.poll(() => path(page)).toBe('/logout-success');
    await expect.poll(() => heading(page)).toBe('Logout Successful');
    await expectSessionCleared(page);
    await expectRefused(token);
    await context.close();
  });

  it('says the link has expired for a used or unknown link', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    const dob = janesBirthDate();
    for (const link of [tickets().link[0]!, '/linkLogin?patientid=1&data=no-such-link']) {
      await page.goto(`${baseUrl()}${link}`);
      await page.getByLabel('Last name').fill('Doe');
      await page.getByLabel('Day').fill(dob.day);
      await page.getByLabel('Month').fill(dob.month);
      await page.getByLabel('Year').fill(dob.year);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => messageBar(page)).toContain('Login failed. The link has expired.');
      expect(path(page)).toBe('/linkLogin');
    }
    await checkScreen(page, 'link-login-expired');
    await context.close();
  });
});
