import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { api, messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { changePassword } from '../api/account';
import { FormCard } from '../../../shared/components/FormCard';
import { fieldBinder, TextField } from '../../../shared/forms/fields';
import {
  PASSWORD_CHANGE_FIELDS,
  PasswordChangeFields,
  usePasswordChangeForm,
  type PasswordChangeField,
} from '../../../shared/forms/password-change';
import { requiredError } from '../../../shared/forms/validation';

type Field = 'userName' | PasswordChangeField;
const ORDER: readonly Field[] = ['userName', ...PASSWORD_CHANGE_FIELDS];

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
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    userName: storedUserName(),
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  }));
  const { hint, errors, check, showFailure } = usePasswordChangeForm<'userName'>(facility.facilityId, ORDER);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const field = fieldBinder(values, errors, set);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (check(form, values, { userName: requiredError(values.userName) })) return;
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
      if (!showFailure(form, error)) {
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

  return (
    <FormCard title={t('updatePassword.heading')} titleId="update-password-title" onSubmit={(e) => void submit(e)}>
      <Text>{t('updatePassword.intro')}</Text>
      <TextField {...field('userName')} label={t('updatePassword.userName')} autoComplete="username" kind="username" />
      <PasswordChangeFields values={values} errors={errors} hint={hint} onChange={set} />
      <Button type="submit" size="md" w="fit-content" loading={submitting}>
        {t('updatePassword.submit')}
      </Button>
    </FormCard>
  );
}
