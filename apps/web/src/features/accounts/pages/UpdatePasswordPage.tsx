import { Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { api, messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { passwordRulesQuery } from '../../../shared/api/password-rules';
import { changePassword } from '../api/account';
import { usePasswordHint } from '../../../components/PasswordHint';
import { focusField } from '../../../lib/focus';
import { confirmPasswordError, onlyErrors, passwordError, requiredError } from '../../../shared/forms/validation';
import { FIELD_MAX } from '../../../shared/forms/limits';
import { FormCard } from '../../../shared/components/FormCard';

type Field = 'userName' | 'oldPassword' | 'newPassword' | 'confirmPassword';
const ORDER: Field[] = ['userName', 'oldPassword', 'newPassword', 'confirmPassword'];

/** The field (or message) each error code of PUT /api/users/changePassword belongs to. */
const FIELD_ERRORS: Record<string, [Field, string]> = {
  invalid_old_password: ['oldPassword', 'updatePassword.currentIncorrect'],
  invalid_grant: ['oldPassword', 'updatePassword.currentIncorrect'],
  password_must_be_different: ['newPassword', 'updatePassword.mustBeDifferent'],
  password_rules: ['newPassword', 'password.rulesNotMet'],
  confirm_mismatch: ['confirmPassword', 'updatePassword.passwordsDoNotMatch'],
};

function storedUserName(): string {
  try {
    return window.sessionStorage.getItem('userName') ?? '';
  } catch {
    return '';
  }
}

/**
 * /update-password: the forced password change (a temporary password, or one the facility asks to
 * replace). Afterwards every session of the user has ended, so the user logs in again.
 */
export function Component() {
  const { t } = useTranslation();
  const facility = useFacility();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle('updatePassword.title');
  const rules = useQuery(passwordRulesQuery(facility.facilityId));
  const hint = usePasswordHint(rules.data);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    userName: storedUserName(),
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

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
      userName: requiredError(values.userName),
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
      await changePassword({
        userName: values.userName.trim(),
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
      });
    } catch (error) {
      setSubmitting(false);
      const fieldError = error instanceof ApiError && error.code ? FIELD_ERRORS[error.code] : undefined;
      if (fieldError) {
        showErrors(form, { [fieldError[0]]: fieldError[1] });
      } else if (error instanceof ApiError && error.code === 'lockedout') {
        const minutes = Number((error.body as { minutesLeft?: number } | undefined)?.minutesLeft ?? 0) || 15;
        messageBar.show({ type: 'error', key: 'updatePassword.lockedOut', params: { minutes, count: minutes } });
      } else {
        messageBar.show({ type: 'error', key: 'messages.unexpectedError' });
      }
      return;
    }
    // The server ended every session of the user: log in again with the new password.
    api.session.clear();
    queryClient.removeQueries({ queryKey: ['loginProfile'] });
    messageBar.show({ type: 'success', key: 'updatePassword.success', keepDisplay: true });
    setSubmitting(false);
    await navigate('/login', { replace: true });
  };

  const passwordField = (field: Exclude<Field, 'userName'>, autoComplete: string, description?: string) => (
    <PasswordInput
      name={field}
      label={t(`updatePassword.${field}`)}
      description={description || undefined}
      autoComplete={autoComplete}
      visibilityToggleButtonProps={{ 'aria-label': t('password.showPassword') }}
      required
      maxLength={FIELD_MAX.password}
      value={values[field]}
      error={errors[field] && t(errors[field])}
      onChange={(e) => set(field, e.currentTarget.value)}
    />
  );

  return (
    <FormCard title={t('updatePassword.heading')} titleId="update-password-title" onSubmit={(e) => void submit(e)}>
      <Text>{t('updatePassword.intro')}</Text>
      <TextInput
        name="userName"
        label={t('updatePassword.userName')}
        autoComplete="username"
        required
        maxLength={FIELD_MAX.username}
        value={values.userName}
        error={errors.userName && t(errors.userName)}
        onChange={(e) => set('userName', e.currentTarget.value)}
      />
      {passwordField('oldPassword', 'current-password')}
      {passwordField('newPassword', 'new-password', hint)}
      {passwordField('confirmPassword', 'new-password')}
      <Button type="submit" size="md" w="fit-content" loading={submitting}>
        {t('updatePassword.submit')}
      </Button>
    </FormCard>
  );
}
