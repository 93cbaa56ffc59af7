import { checkPassword, isValidEmail, isValidUsername, type PasswordRulesInput } from '@portal/contracts';

// The form checks of every page (sign-up, account, password). Each answers a language-pack key (or
// undefined), so errors already shown follow a language switch.

export const REQUIRED = 'common.required';

/** The language-pack keys that say two passwords differ: sign-up's text ends with a full stop, the password change's does not. */
export type PasswordMismatchKey = 'createAccount.passwordsDoNotMatch' | 'updatePassword.passwordsDoNotMatch';

/** Keeps only the digits of what was typed or pasted (birth date, PIN and SSN accept digits only). */
export function digitsOnly(value: string, maxLength: number): string {
  return value.replace(/\D/g, '').slice(0, maxLength);
}

export function requiredError(value: string): string | undefined {
  return value.trim() === '' ? REQUIRED : undefined;
}

export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return REQUIRED;
  return isValidEmail(email) ? undefined : 'common.emailFormat';
}

export function usernameError(value: string): string | undefined {
  const username = value.trim();
  if (username === '') return REQUIRED;
  return isValidUsername(username) ? undefined : 'createAccount.usernameFormat';
}

/** Required, then the facility rules: 'Password does not meet security requirements'. */
export function passwordError(value: string, rules: PasswordRulesInput | undefined): string | undefined {
  if (value === '') return REQUIRED;
  return rules && !checkPassword(value, rules).ok ? 'password.rulesNotMet' : undefined;
}

/** Required, then equal to the password; `mismatch` is the page's own wording. */
export function confirmPasswordError(
  password: string,
  confirm: string,
  mismatch: PasswordMismatchKey,
): string | undefined {
  if (confirm === '') return REQUIRED;
  return confirm === password ? undefined : mismatch;
}

export interface BirthDateInput {
  day: string;
  month: string;
  year: string;
}

/** Day 1-31 (2 digits), month 1-12 (2 digits), year 4 digits; empty ones are Required. */
export function birthDateErrors(date: BirthDateInput): Partial<Record<keyof BirthDateInput, string>> {
  const errors: Partial<Record<keyof BirthDateInput, string>> = {};
  const day = Number(date.day);
  const month = Number(date.month);
  if (date.day === '') errors.day = REQUIRED;
  else if (!/^\d{1,2}$/.test(date.day) || day < 1 || day > 31) errors.day = 'birthDate.dayInvalid';
  if (date.month === '') errors.month = REQUIRED;
  else if (!/^\d{1,2}$/.test(date.month) || month < 1 || month > 12) errors.month = 'birthDate.monthInvalid';
  if (date.year === '') errors.year = REQUIRED;
  else if (!/^\d{4}$/.test(date.year)) errors.year = 'birthDate.yearInvalid';
  return errors;
}

/** Only the fields that have an error. */
export function onlyErrors<F extends string>(
  found: Partial<Record<F, string | undefined>>,
): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Partial<Record<F, string>>;
}
