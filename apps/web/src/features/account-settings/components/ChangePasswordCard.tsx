import { Button } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { FormCard } from '../../../shared/components/FormCard';
import {
  EMPTY_PASSWORD_CHANGE,
  PASSWORD_CHANGE_FIELDS,
  PasswordChangeFields,
  usePasswordChangeForm,
} from '../../../shared/forms/password-change';
import { changeOwnPassword } from '../api/account-settings';
import { showServerError } from '../lib/server-errors';

/** Change password (spec 002, 2.8): not offered to single sign-on logins (the page leaves it out). */
export function ChangePasswordCard({ userId, facilityId }: { userId: number; facilityId: number }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY_PASSWORD_CHANGE);
  const { hint, errors, setErrors, check, showFailure } = usePasswordChangeForm(facilityId, PASSWORD_CHANGE_FIELDS);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (check(form, values)) return;
    setSubmitting(true);
    try {
      await changeOwnPassword(userId, values);
      setValues(EMPTY_PASSWORD_CHANGE);
      setErrors({});
      messageBar.show({ type: 'success', key: 'updatePassword.success' });
    } catch (failure) {
      if (!showFailure(form, failure)) showServerError(failure);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormCard
      title={t('accountSettings.password.heading')}
      titleId="change-password-title"
      headingLevel={2}
      width={null}
      onSubmit={(e) => void submit(e)}
    >
      <PasswordChangeFields
        values={values}
        errors={errors}
        hint={hint}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      <Button type="submit" w="fit-content" loading={submitting}>
        {t('updatePassword.submit')}
      </Button>
    </FormCard>
  );
}
