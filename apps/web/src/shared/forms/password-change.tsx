import { PasswordInput } from '@mantine/core';
import type { PasswordRulesInput } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { usePasswordHint } from '../../components/PasswordHint';
import { ApiError, type ApiErrorCode } from '../../lib/api';
import { messageBar } from '../../lib/api-instance';
import { useTranslation } from '../../lib/i18n';
import { passwordRulesQuery } from '../api/password-rules';
import { FIELD_MAX } from './limits';
import { useFieldErrors } from './use-field-errors';
import { confirmPasswordError, onlyErrors, passwordError, requiredError } from './validation';

// The password change of the account settings and of the forced change (/update-password): the same three
// fields, checks and server messages (spec 000, spec 002 2.8).

export type PasswordChangeField = 'oldPassword' | 'newPassword' | 'confirmPassword';
export type PasswordChangeValues = Record<PasswordChangeField, string>;

export const PASSWORD_CHANGE_FIELDS: readonly PasswordChangeField[] = ['oldPassword', 'newPassword', 'confirmPassword'];
export const EMPTY_PASSWORD_CHANGE: PasswordChangeValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The field and message of each server code of a password change. */
const FIELD_ERRORS: Partial<Record<ApiErrorCode, [PasswordChangeField, string]>> = {
  invalid_old_password: ['oldPassword', 'updatePassword.currentIncorrect'],
  invalid_grant: ['oldPassword', 'updatePassword.currentIncorrect'],
  password_must_be_different: ['newPassword', 'updatePassword.mustBeDifferent'],
  password_rules: ['newPassword', 'password.rulesNotMet'],
  confirm_mismatch: ['confirmPassword', 'updatePassword.passwordsDoNotMatch'],
};

/** The checks on submit (each an error key or undefined): current required, new by the rules, confirm equal. */
export function passwordChangeErrors(
  values: PasswordChangeValues,
  rules: PasswordRulesInput | undefined,
): Record<PasswordChangeField, string | undefined> {
  return {
    oldPassword: requiredError(values.oldPassword),
    newPassword: passwordError(values.newPassword, rules),
    confirmPassword: confirmPasswordError(
      values.newPassword,
      values.confirmPassword,
      'updatePassword.passwordsDoNotMatch',
    ),
  };
}

/**
 * A refused password change where it belongs: the field the server's code names (through `showFieldError`), or
 * the lock-out message with its minutes. Answers false when it is neither, for the caller's own message.
 */
export function showPasswordChangeFailure(
  failure: unknown,
  showFieldError: (found: Partial<Record<PasswordChangeField, string>>) => void,
): boolean {
  if (!(failure instanceof ApiError) || !failure.code) return false;
  const fieldError = FIELD_ERRORS[failure.code];
  if (fieldError) {
    showFieldError({ [fieldError[0]]: fieldError[1] });
    return true;
  }
  if (failure.code !== 'lockedout') return false;
  const minutes = Number((failure.body as { minutesLeft?: number } | undefined)?.minutesLeft ?? 0) || 15;
  messageBar.show({ type: 'error', key: 'updatePassword.lockedOut', params: { minutes, count: minutes } });
  return true;
}

/**
 * What a password-change form keeps beside its values: the hint line of the facility's password rules, and the
 * errors it shows on submit (the first field with one, in `order`, takes focus). `check` shows the errors of the
 * three fields and of the form's own (`own`), `showFailure` those of a refused change; each answers whether it
 * showed any, and `showFailure` false too for a failure that is not the password's, for the caller's own message.
 */
export function usePasswordChangeForm<F extends string = never>(
  facilityId: number,
  order: readonly (F | PasswordChangeField)[],
) {
  const rules = useQuery(passwordRulesQuery(facilityId));
  const hint = usePasswordHint(rules.data);
  const { errors, setErrors, show } = useFieldErrors(order);
  const check = (
    form: HTMLFormElement,
    values: PasswordChangeValues,
    own: Partial<Record<F, string | undefined>> = {},
  ) => show(form, onlyErrors<F | PasswordChangeField>({ ...own, ...passwordChangeErrors(values, rules.data) }));
  const showFailure = (form: HTMLFormElement, failure: unknown) =>
    // The password fields are the form's too; the compiler cannot see that through F.
    showPasswordChangeFailure(failure, (found) =>
      show(form, found as Partial<Record<F | PasswordChangeField, string>>),
    );
  return { hint, errors, setErrors, check, showFailure };
}

/** Current, new (with the rule hint) and confirm password, in that order; labels and errors from the packs. */
export function PasswordChangeFields({
  values,
  errors,
  hint,
  onChange,
}: {
  values: PasswordChangeValues;
  errors: Partial<Record<PasswordChangeField, string>>;
  hint: string;
  onChange: (field: PasswordChangeField, value: string) => void;
}) {
  const { t } = useTranslation();
  const field = (name: PasswordChangeField, autoComplete: string, description?: string) => (
    <PasswordInput
      name={name}
      label={t(`updatePassword.${name}`)}
      description={description || undefined}
      autoComplete={autoComplete}
      visibilityToggleButtonProps={{ 'aria-label': t('password.showPassword') }}
      required
      maxLength={FIELD_MAX.password}
      value={values[name]}
      error={errors[name] && t(errors[name])}
      onChange={(e) => onChange(name, e.currentTarget.value)}
    />
  );
  return (
    <>
      {field('oldPassword', 'current-password')}
      {field('newPassword', 'new-password', hint)}
      {field('confirmPassword', 'new-password')}
    </>
  );
}
