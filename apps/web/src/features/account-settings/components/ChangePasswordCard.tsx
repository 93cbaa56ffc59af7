import { Button, PasswordInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePasswordHint } from '../../../components/PasswordHint';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { focusField } from '../../../lib/focus';
import { useTranslation } from '../../../lib/i18n';
import { passwordRulesQuery } from '../../../shared/api/password-rules';
import { FormCard } from '../../../shared/components/FormCard';
import { FIELD_MAX } from '../../../shared/forms/limits';
import { confirmPasswordError, onlyErrors, passwordError, requiredError } from '../../../shared/forms/validation';
import { changeOwnPassword } from '../api/account-settings';
import { showServerError } from '../lib/server-errors';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';
const ORDER: Field[] = ['oldPassword', 'newPassword', 'confirmPassword'];
const EMPTY: Record<Field, string> = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The field and message of each server code of a password change (spec 000). */
const FIELD_ERRORS: Record<string, [Field, string]> = {
  invalid_old_password: ['oldPassword', 'updatePassword.currentIncorrect'],
  invalid_grant: ['oldPassword', 'updatePassword.currentIncorrect'],
  password_must_be_different: ['newPassword', 'updatePassword.mustBeDifferent'],
  password_rules: ['newPassword', 'password.rulesNotMet'],
  confirm_mismatch: ['confirmPassword', 'updatePassword.passwordsDoNotMatch'],
};

/** Change password (spec 002, 2.8): not offered to single sign-on logins (the page leaves it out). */
export function ChangePasswordCard({ userId, facilityId }: { userId: number; facilityId: number }) {
  const { t } = useTranslation();
  const rules = useQuery(passwordRulesQuery(facilityId));
  const hint = usePasswordHint(rules.data);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const showErrors = (form: HTMLFormElement, found: Partial<Record<Field, string>>): boolean => {
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) focusField(form, first);
    return first !== undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = onlyErrors<Field>({
      oldPassword: requiredError(values.oldPassword),
      newPassword: passwordError(values.newPassword, rules.data),
      confirmPassword: confirmPasswordError(
        values.newPassword,
        values.confirmPassword,
        'updatePassword.passwordsDoNotMatch',
      ),
    });
    if (showErrors(form, found)) return;
    setSubmitting(true);
    try {
      await changeOwnPassword(userId, values);
      setValues(EMPTY);
      setErrors({});
      messageBar.show({ type: 'success', key: 'updatePassword.success' });
    } catch (failure) {
      const fieldError = failure instanceof ApiError && failure.code ? FIELD_ERRORS[failure.code] : undefined;
      if (fieldError) {
        showErrors(form, { [fieldError[0]]: fieldError[1] });
      } else if (failure instanceof ApiError && failure.code === 'lockedout') {
        const minutes = Number((failure.body as { minutesLeft?: number } | undefined)?.minutesLeft ?? 0) || 15;
        messageBar.show({ type: 'error', key: 'updatePassword.lockedOut', params: { minutes, count: minutes } });
      } else {
        showServerError(failure);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field, autoComplete: string, description?: string) => (
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
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
    />
  );

  return (
    <FormCard
      title={t('accountSettings.password.heading')}
      titleId="change-password-title"
      headingLevel={2}
      width={null}
      onSubmit={(e) => void submit(e)}
    >
      {field('oldPassword', 'current-password')}
      {field('newPassword', 'new-password', hint)}
      {field('confirmPassword', 'new-password')}
      <Button type="submit" w="fit-content" loading={submitting}>
        {t('updatePassword.submit')}
      </Button>
    </FormCard>
  );
}
