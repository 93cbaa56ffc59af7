import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { tokenErrorMessage } from '../../../lib/login-flow';
import { loadProfile, logIn } from '../../../shared/api/login';
import { loginProfileQuery } from '../../../shared/api/login-profile';
import { usePageTitle } from '../../../lib/use-page-title';
import { confirmEmail, validateUser } from '../api/account';
import { focusField } from '../../../lib/focus';
import { onlyErrors, requiredError } from '../../../shared/forms/validation';
import { fieldBinder, PasswordField, TextField } from '../../../shared/forms/fields';
import { FormCard } from '../../../shared/components/FormCard';

type Field = 'username' | 'password';
const ORDER: Field[] = ['username', 'password'];

/**
 * /confirm-email?u={encrypted user id}: the link of the confirmation email. The user logs in, the link
 * is checked against that user, and the address is confirmed.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  usePageTitle('confirmEmail.title');
  const encryptedUserId = search.get('u') ?? '';
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const field = fieldBinder(values, errors, (name, value) => setValues((v) => ({ ...v, [name]: value })));

  /** Checks the link against the logged-in user and confirms the address; false when it cannot. */
  const confirm = async (userId: number | null, username: string): Promise<boolean> => {
    if (userId === null || encryptedUserId === '') return false;
    try {
      if (!(await validateUser(userId, encryptedUserId, username))) return false;
      await confirmEmail(userId, encryptedUserId);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return false;
      throw error;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = onlyErrors<Field>({
      username: requiredError(values.username),
      password: values.password === '' ? 'common.required' : undefined,
    });
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) {
      focusField(form, first);
      return;
    }
    const username = values.username.trim();
    setSubmitting(true);
    try {
      try {
        await logIn({ grant_type: 'password', username, password: values.password });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'password_change_required') {
          window.sessionStorage.setItem('userName', username);
          await navigate('/update-password');
          return;
        }
        messageBar.show({ type: 'error', ...tokenErrorMessage(error) });
        return;
      }
      const profile = await loadProfile();
      const confirmed = await confirm(profile.userId, username);
      if (confirmed) await queryClient.invalidateQueries({ queryKey: loginProfileQuery().queryKey });
      messageBar.show(
        confirmed
          ? { type: 'success', key: 'emailConfirm.success', keepDisplay: true }
          : { type: 'error', key: 'emailConfirm.cannotConfirm', keepDisplay: true },
      );
      await navigate(profile.isEulaAccepted ? '/dashboard' : '/termsOfUse', { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError && error.isSessionTimeout)) {
        messageBar.show({ type: 'error', key: 'messages.unexpectedError' });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormCard title={t('confirmEmail.heading')} titleId="confirm-email-title" onSubmit={(e) => void submit(e)}>
      <Text>{t('confirmEmail.intro')}</Text>
      <TextField {...field('username')} label={t('confirmEmail.username')} autoComplete="username" kind="username" />
      <PasswordField {...field('password')} label={t('confirmEmail.password')} autoComplete="current-password" />
      <Button type="submit" size="md" w="fit-content" loading={submitting}>
        {t('confirmEmail.submit')}
      </Button>
    </FormCard>
  );
}
