import { Button, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { sameEmail } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useBlocker } from '../../../lib/blocking-router';
import { useTranslation } from '../../../lib/i18n';
import { loginProfileQuery } from '../../../shared/api/login-profile';
import { usePageTitle } from '../../../lib/use-page-title';
import { changeEmail } from '../api/account';
import { ProfileLoadingOrFailed } from '../components/ProfileLoadingOrFailed';
import { emailError } from '../../../shared/forms/validation';
import { EmailField } from '../../../shared/forms/fields';
import { FormCard } from '../../../shared/components/FormCard';

/**
 * Where a user without an email may still go: home, the dashboard (both pass the guard again) and the
 * ways out, so that logging out or a timed-out session is never trapped on this page.
 */
const MAY_LEAVE_TO = ['/', '/dashboard', '/provide-email', '/logout', '/logout-success', '/ssologout', '/login'];

/** /provide-email: a user who logged in without an email address gives one before going on. */
export function Component() {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle('provideEmail.title');
  const profile = useQuery(loginProfileQuery());
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const blocker = useBlocker(({ nextLocation }) => !MAY_LEAVE_TO.includes(nextLocation.pathname.toLowerCase()));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    messageBar.show({ type: 'warning', key: 'provideEmail.leaveBlocked' });
  }, [blocker]);

  if (profile.isPending || profile.isError) return <ProfileLoadingOrFailed failed={profile.isError} />;
  const user = profile.data;
  if (user.email || user.loginType === 'singleSignOn' || user.userId === null) {
    return <Navigate to="/dashboard" replace />;
  }
  const userId = user.userId;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailError(email);
    setError(found);
    if (found) {
      emailRef.current?.focus();
      return;
    }
    if (user.email && sameEmail(email, user.email)) {
      messageBar.show({ type: 'info', key: 'account.emailNotUpdatedMessage' });
      return;
    }
    const patientId = user.ids.find((id) => id.idType === 'Patient')?.value ?? null;
    setSubmitting(true);
    try {
      await changeEmail(
        {
          // True only when the logged-in user is the patient.
          isPatient: patientId !== null && !user.isAuthorizedRepresentative,
          usePrimaryEmail: false,
          userId,
          patientId,
          email: email.trim(),
        },
        locale,
      );
      // The guard reads the profile: it must see the new email before the next page.
      await queryClient.invalidateQueries({ queryKey: loginProfileQuery().queryKey });
      messageBar.show({ type: 'success', key: 'account.changeEmailSuccess', keepDisplay: true });
      await navigate('/dashboard', { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.isSessionTimeout) return;
      messageBar.show(
        failure instanceof ApiError && failure.status >= 400 && failure.status < 500 && failure.message
          ? { type: 'error', text: failure.message }
          : { type: 'error', key: 'messages.unexpectedError' },
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormCard title={t('provideEmail.heading')} titleId="provide-email-title" onSubmit={(e) => void submit(e)}>
      <Text>{t('provideEmail.intro')}</Text>
      <EmailField ref={emailRef} label={t('provideEmail.email')} value={email} error={error} onChange={setEmail} />
      <Button type="submit" size="md" w="fit-content" loading={submitting}>
        {t('common.continue')}
      </Button>
    </FormCard>
  );
}
