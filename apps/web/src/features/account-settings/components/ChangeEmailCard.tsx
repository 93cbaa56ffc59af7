import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { sameEmail, type LoginProfile } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { focusField } from '../../../lib/focus';
import { useTranslation } from '../../../lib/i18n';
import { loginProfileQuery } from '../../../shared/api/login-profile';
import { FormCard } from '../../../shared/components/FormCard';
import { EmailField, PasswordField } from '../../../shared/forms/fields';
import { emailError, requiredError } from '../../../shared/forms/validation';
import { changeEmail } from '../api/account-settings';
import { emailChangeNeedsPassword } from '../lib/email-change';
import { showServerError } from '../lib/server-errors';

interface Props {
  profile: LoginProfile & { userId: number };
  /** The patient's notification settings' choice, sent with the change (spec 002 section 3). */
  usePrimaryEmail: boolean;
}

/**
 * Change email (spec 002, 2.8): the user's own address, a representative's too. The same address again (any case)
 * is only a notice; otherwise the server asks for the current password when the account already has an address
 * and a password, in a single sign-on session too.
 */
export function ChangeEmailCard({ profile, usePrimaryEmail }: Props) {
  const { t, locale } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; currentPassword?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const needsPassword = emailChangeNeedsPassword(profile);
  const ownPatientId = profile.ids.find((id) => id.idType === 'Patient')?.value ?? null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = {
      email: emailError(email),
      currentPassword: needsPassword ? requiredError(currentPassword) : undefined,
    };
    setErrors(found);
    if (found.email || found.currentPassword) {
      focusField(form, found.email ? 'email' : 'currentPassword');
      return;
    }
    if (profile.email && sameEmail(email, profile.email)) {
      messageBar.show({ type: 'info', key: 'account.emailNotUpdatedMessage' });
      return;
    }
    setSubmitting(true);
    try {
      await changeEmail(
        {
          // True only when the logged-in user is the patient.
          isPatient: ownPatientId !== null,
          usePrimaryEmail,
          userId: profile.userId,
          patientId: ownPatientId,
          email: email.trim(),
          ...(needsPassword ? { currentPassword } : {}),
        },
        locale,
      );
      setEmail('');
      setCurrentPassword('');
      // The profile (the header, the confirmation notice) and the settings (the primary address) show the new one.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loginProfileQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['patient'] }),
      ]);
      messageBar.show({ type: 'success', key: 'account.changeEmailSuccess' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'invalid_old_password') {
        setErrors({ currentPassword: 'updatePassword.currentIncorrect' });
        focusField(form, 'currentPassword');
      } else {
        showServerError(failure);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormCard
      title={t('accountSettings.email.heading')}
      titleId="change-email-title"
      headingLevel={2}
      width={null}
      onSubmit={(e) => void submit(e)}
    >
      <Text>
        {profile.email ? t('accountSettings.email.current', { email: profile.email }) : t('accountSettings.email.none')}
      </Text>
      <EmailField label={t('accountSettings.email.new')} value={email} error={errors.email} onChange={setEmail} />
      {needsPassword && (
        <PasswordField
          name="currentPassword"
          label={t('accountSettings.email.currentPassword')}
          autoComplete="current-password"
          value={currentPassword}
          error={errors.currentPassword}
          onChange={setCurrentPassword}
        />
      )}
      <Button type="submit" w="fit-content" loading={submitting}>
        {t('accountSettings.email.submit')}
      </Button>
    </FormCard>
  );
}
