import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, checkScreen, expectAccessible, openPage } from './support/browser';
import { waitForMail } from './support/mailbox';
import { DEMO_PASSWORD, field, fieldError, heading, logIn, messageBar, path, useBrowser } from './support/pages';

// Sign-up, the representative's invitation, and the account chores around login (issue 3), on the demo
// seed. The journeys run in order: Maria's sign-up comes before the wrong-PIN try on her identity.

const MARIA = {
  firstName: 'Maria',
  lastName: 'Garcia',
  day: '14',
  month: '3',
  year: String(new Date().getFullYear() - 45),
  pin: '48291375',
  email: 'maria.garcia@example.com',
  username: 'maria.garcia',
  password: 'Maria#Garcia2026',
};
const INVITATION = '/auth-rep-sign-up?u=demo-invitation-linda-doe-7Qm2Xc9LkP4s';

const browser = useBrowser();

async function fillIdentity(page: Page, pin: string) {
  await field(page, 'First name').fill(MARIA.firstName);
  await field(page, 'Last name').fill(MARIA.lastName);
  await field(page, 'Day').fill(MARIA.day);
  await field(page, 'Month').fill(MARIA.month);
  await field(page, 'Year').fill(MARIA.year);
  await field(page, 'Sign-up PIN').fill(pin);
}

describe('patient sign-up', () => {
  it('verifies Maria, takes her email, creates the account and logs her in', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/sign-up`);
    await expect.poll(() => heading(page)).toBe('Create your account');
    expect(await page.title()).toBe('Sign Up - Riverside');
    expect(await page.getByText('Step 1 of 3').isVisible()).toBe(true);
    // Riverside asks for the PIN only.
    expect(await field(page, 'Medical record number').count()).toBe(0);
    await checkScreen(page, 'signup-identity');

    // Nothing typed: every field says Required and the first takes focus.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Required', { exact: true }).count()).toBe(6);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    // Digits only, within the spec's lengths and ranges.
    await field(page, 'Day').fill('4x');
    expect(await field(page, 'Day').inputValue()).toBe('4');
    await field(page, 'Day').fill('45');
    await field(page, 'Month').fill('13');
    await field(page, 'Year').fill('81');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => fieldError(page, 'Day')).toBe('Enter a day from 1 to 31.');
    expect(await fieldError(page, 'Month')).toBe('Enter a month from 1 to 12.');
    expect(await fieldError(page, 'Year')).toBe('Enter a 4-digit year.');
    await checkScreen(page, 'signup-identity-errors');

    await fillIdentity(page, MARIA.pin);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading(page)).toBe('Enter your email address');
    expect(path(page)).toBe('/sign-up');
    expect(await page.getByText('Step 2 of 3').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await field(page, 'Email address').fill('maria@invalid');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => fieldError(page, 'Email address')).toBe('Email address is not in correct format.');
    await checkScreen(page, 'signup-email');
    await field(page, 'Email address').fill(MARIA.email);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect.poll(() => path(page)).toBe('/create-account');
    await expect.poll(() => heading(page)).toBe("Now, let's create your account");
    // The third of three pages, as it says (issue 32, finding 17).
    expect(await page.getByText('Step 3 of 3').isVisible()).toBe(true);
    expect(await field(page, 'Email address').inputValue()).toBe(MARIA.email);
    await expect
      .poll(() =>
        page
          .getByText(
            'Use at least 12 characters, 1 capital letter, 1 number, and 1 special character (! @ # $ % & ( ) +).',
          )
          .count(),
      )
      .toBe(1);

    // The spec's messages for each wrong input.
    await field(page, 'Email address').fill('');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => fieldError(page, 'Email address')).toBe('Required');
    expect(await fieldError(page, 'Username')).toBe('Required');
    expect(await page.getByText('You must accept the terms of use to create an account.').isVisible()).toBe(true);
    await field(page, 'Email address').fill('maria..garcia@example.com');
    await field(page, 'Username').fill('.ma');
    await field(page, 'Password').fill('short');
    await field(page, 'Confirm password').fill('other');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => fieldError(page, 'Email address')).toBe('Email address is not in correct format.');
    expect(await fieldError(page, 'Username')).toBe('Invalid username format');
    expect(await fieldError(page, 'Password')).toBe('Password does not meet security requirements');
    expect(await fieldError(page, 'Confirm password')).toBe('Passwords do not match.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await checkScreen(page, 'create-account-errors');

    // The terms open in a dialog from the link beside the box.
    await page.getByRole('button', { name: 'Read the terms of use' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Keep your username and password private');
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => dialog.count()).toBe(0);

    // A taken username is reported on its field.
    await field(page, 'Email address').fill(MARIA.email);
    await field(page, 'Username').fill('jane.doe');
    await field(page, 'Password').fill(MARIA.password);
    await field(page, 'Confirm password').fill(MARIA.password);
    await field(page, 'I have read and accept the terms of use.').check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => fieldError(page, 'Username')).toBe('Username is already taken.');
    expect(path(page)).toBe('/create-account');

    await field(page, 'Username').fill(MARIA.username);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => path(page)).toBe('/dashboard');
    await expect.poll(() => heading(page)).toBe('Welcome, Maria');
    expect(await messageBar(page)).toMatch(/Your account has been created/);
    await checkScreen(page, 'signup-dashboard');
    await context.close();
  });

  it('confirms Maria’s email from the link of her welcome email', async () => {
    const mail = await waitForMail(MARIA.email, (m) => m.text.includes('/confirm-email?u='));
    const link = /https?:\/\/\S+(\/confirm-email\?u=[^\s>]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const { page, context } = await openPage(browser(), { width: 375 });
    await page.goto(`${baseUrl()}${link}`);
    await expect.poll(() => heading(page)).toBe('Confirm your email address');
    await page.getByRole('button', { name: 'Log in and confirm' }).click();
    await expect.poll(() => page.getByText('Required', { exact: true }).count()).toBe(2);
    await checkScreen(page, 'confirm-email');
    await field(page, 'Username').fill(MARIA.username);
    await field(page, 'Password').fill('Wrong#Password1');
    await page.getByRole('button', { name: 'Log in and confirm' }).click();
    await expect.poll(() => messageBar(page)).toContain('Login failed. Please try again.');
    await field(page, 'Password').fill(MARIA.password);
    await page.getByRole('button', { name: 'Log in and confirm' }).click();
    await expect.poll(() => path(page)).toBe('/dashboard');
    await expect.poll(() => messageBar(page)).toContain('Thank you. Your email address has been confirmed.');
    await checkScreen(page, 'confirm-email-done');
    await context.close();
  });

  it('says "Invalid information" for a wrong PIN', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/sign-up`);
    await fillIdentity(page, '11112222');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => messageBar(page)).toContain('Invalid information');
    expect(await heading(page)).toBe('Create your account');
    await checkScreen(page, 'signup-invalid-information');
    await context.close();
  });

  it('asks before leaving the sign-up, and takes a PIN and language from the address', async () => {
    const { page, context } = await openPage(browser(), { width: 375 });
    await page.goto(`${baseUrl()}/sign-up?language=es-MX&pin=48291375`);
    await expect.poll(() => heading(page)).toBe('Cree su cuenta');
    // The PIN came with the address, so the form does not ask for it.
    expect(await field(page, 'PIN de registro').count()).toBe(0);
    expect(await field(page, 'Nombre').isVisible()).toBe(true);
    await checkScreen(page, 'signup-identity-es');
    await field(page, 'Elija un idioma').selectOption('en-US');
    await expect.poll(() => heading(page)).toBe('Create your account');
    await field(page, 'First name').fill('Maria');

    // Cancel, then "No, take me back": still here, with what was typed.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("You'll lose any changes you've made.");
    // Axe reads colours: wait until the dialog has faded in.
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await checkScreen(page, 'signup-cancel-confirm');
    await dialog.getByRole('button', { name: 'No, take me back' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(path(page)).toBe('/sign-up');
    expect(await field(page, 'First name').inputValue()).toBe('Maria');

    // "Yes, I want to cancel" clears what was verified and goes to login.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Yes, I want to cancel' }).click();
    await expect.poll(() => path(page)).toBe('/login');
    // Cancelling cleared what was held: /create-account has nothing to create and goes home (here: login).
    await page.goto(`${baseUrl()}/create-account`);
    await expect.poll(() => path(page)).toBe('/login');
    await context.close();
  });
});

describe('representative sign-up', () => {
  it('confirms Linda’s invitation with the PIN and creates her account', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}${INVITATION}`);
    await expect.poll(() => heading(page)).toBe('First, we need to confirm your identity');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => fieldError(page, 'PIN')).toBe('Required');
    await checkScreen(page, 'auth-rep-sign-up');

    // Declining the cancel keeps the page and its invitation token.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'No, take me back' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(page.url()).toBe(`${baseUrl()}${INVITATION}`);

    await field(page, 'PIN').fill('215784');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => path(page)).toBe('/create-account');
    await expect.poll(() => heading(page)).toBe("Now, let's create your account");
    // The invitation holds the representative's email.
    expect(await field(page, 'Email address').count()).toBe(0);
    await checkScreen(page, 'create-account-representative');

    // Leaving /create-account asks; declining stays.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'No, take me back' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(path(page)).toBe('/create-account');

    await field(page, 'Username').fill('linda.doe');
    await field(page, 'Password').fill('Linda#Doe2026!');
    await field(page, 'Confirm password').fill('Linda#Doe2026!');
    await field(page, 'I have read and accept the terms of use.').check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => path(page)).toBe('/dashboard');
    await expect.poll(() => heading(page)).toBe('Welcome, Linda');
    expect(await messageBar(page)).toMatch(/Your account has been created/);
    await checkScreen(page, 'auth-rep-dashboard');
    await context.close();
  });
});

describe('password reset and forced change', () => {
  it('mails john.smith a temporary password, which leads to the password change and a new login', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/reset-password`);
    await expect.poll(() => heading(page)).toBe('Reset your password');
    expect(await page.title()).toBe('Reset Password - Riverside');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => fieldError(page, 'Username')).toBe('Required');
    await checkScreen(page, 'reset-password');
    const since = Date.now();
    await field(page, 'Username').fill('john.smith');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect
      .poll(() => page.getByText(/^If a valid account exists, an email will be sent to the address on file/).count())
      .toBe(1);
    expect(await page.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
    await checkScreen(page, 'reset-password-sent');

    const mail = await waitForMail('john.smith@example.com', (m) => /temporary password/i.test(m.text), since);
    const temporary = /temporary password is:\s*(\S+)/i.exec(mail.text)?.[1];
    expect(temporary).toBeTruthy();

    await logIn(page, 'john.smith', { password: temporary! });
    await expect.poll(() => path(page)).toBe('/update-password');
    await expect.poll(() => heading(page)).toBe('Change your password');
    expect(await field(page, 'Username').inputValue()).toBe('john.smith');
    await expect.poll(() => page.getByText(/^Use at least 12 characters/).count()).toBe(1);

    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => fieldError(page, 'Current password')).toBe('Required');
    await field(page, 'Current password').fill(temporary!);
    await field(page, 'New password').fill('tooweak');
    await field(page, 'Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => fieldError(page, 'New password')).toBe('Password does not meet security requirements');
    expect(await fieldError(page, 'Confirm new password')).toBe('Passwords do not match');
    await checkScreen(page, 'update-password-errors');

    const fresh = 'John#Smith2026!';
    await field(page, 'Current password').fill('Not#TheRight1');
    await field(page, 'New password').fill(fresh);
    await field(page, 'Confirm new password').fill(fresh);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => fieldError(page, 'Current password'))
      .toBe('The current password was not entered correctly.');

    await field(page, 'Current password').fill(temporary!);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => path(page)).toBe('/login');
    await expect.poll(() => messageBar(page)).toContain('Your password has been successfully updated.');
    await checkScreen(page, 'update-password-done');

    await logIn(page, 'john.smith', { password: fresh });
    await expect.poll(() => path(page)).toBe('/dashboard');
    await expect.poll(() => heading(page)).toBe('Welcome, John');

    // Other journeys log in as John with the demo password: give it back.
    const restored = await page.evaluate(
      async ({ oldPassword, newPassword }) => {
        const headers = {
          Authorization: `Bearer ${window.sessionStorage.getItem('access_token') ?? ''}`,
          'portal-type': 'patientPortal',
          'content-type': 'application/json',
        };
        const profile = (await (await fetch('/api/patientportaluser/loginprofile', { headers })).json()) as {
          userId: number;
        };
        const response = await fetch(`/api/users/${profile.userId}/changePassword`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ oldPassword, newPassword, confirmPassword: newPassword }),
        });
        return response.status;
      },
      { oldPassword: fresh, newPassword: DEMO_PASSWORD },
    );
    expect(restored).toBeLessThan(300);
    await context.close();
  });
});

describe('email and terms of use after login', () => {
  it('asks alex.rivera for an email, then for the terms, then shows the dashboard', async () => {
    const { page, context } = await openPage(browser());
    await logIn(page, 'alex.rivera', { password: DEMO_PASSWORD });
    await expect.poll(() => path(page)).toBe('/provide-email');
    await expect.poll(() => heading(page)).toBe('Please provide your email address');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => fieldError(page, 'Email address')).toBe('Required');
    await field(page, 'Email address').fill('alex.rivera@');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => fieldError(page, 'Email address')).toBe('Email address is not in correct format.');
    await checkScreen(page, 'provide-email');
    await field(page, 'Email address').fill('alex.rivera@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => path(page)).toBe('/termsOfUse');
    await expect.poll(() => heading(page)).toBe('Terms of Use');
    const terms = page.getByRole('region', { name: 'Terms of use text' });
    await expect.poll(() => terms.textContent()).toContain('Keep your username and password private');
    expect(await terms.getAttribute('tabindex')).toBe('0');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('You must accept the terms of use to continue').isVisible()).toBe(true);
    await checkScreen(page, 'terms-of-use');

    // Cancel logs out; the next login asks for the terms again (the email is kept).
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => path(page)).toBe('/logout-success');
    expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toBeNull();
    await logIn(page, 'alex.rivera', { password: DEMO_PASSWORD });
    await expect.poll(() => path(page)).toBe('/termsOfUse');
    await field(page, 'I accept the terms of use').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => path(page)).toBe('/dashboard');
    await expect.poll(() => heading(page)).toBe('Welcome, Alex');
    await context.close();
  });
});
