import { checkPassword, isValidEmail, type PasswordRulesInput } from '@portal/contracts';

// Each check answers a language-pack key (or undefined), so errors already shown follow a language switch.

export const REQUIRED = 'common.required';

export function requiredError(value: string): string | undefined {
  return value.trim() === '' ? REQUIRED : undefined;
}

export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return REQUIRED;
  return isValidEmail(email) ? undefined : 'common.emailFormat';
}

/** Required, then the facility rules: 'Password does not meet security requirements'. */
export function newPasswordError(value: string, rules: PasswordRulesInput | undefined): string | undefined {
  if (value === '') return REQUIRED;
  return rules && !checkPassword(value, rules).ok ? 'password.rulesNotMet' : undefined;
}

export function confirmNewPasswordError(password: string, confirm: string): string | undefined {
  if (confirm === '') return REQUIRED;
  return confirm === password ? undefined : 'updatePassword.passwordsDoNotMatch';
}

/** Only the fields that have an error. */
export function onlyErrors<F extends string>(
  found: Partial<Record<F, string | undefined>>,
): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Partial<Record<F, string>>;
}
