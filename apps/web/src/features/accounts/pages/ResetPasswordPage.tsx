import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { forgotPassword } from '../api/account';
import { requiredError } from '../../../shared/forms/validation';
import { FIELD_MAX } from '../../../shared/forms/limits';
import { FormCard } from '../../../shared/components/FormCard';

/**
 * /reset-password: asks for the username and always answers the same way, so the page never tells
 * whether an account exists.
 */
export function Component() {
  const { t, locale } = useTranslation();
  usePageTitle('resetPassword.title');
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = requiredError(username);
    setError(found);
    if (found) {
      usernameRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await forgotPassword(username.trim(), locale);
    } catch {
      // The answer is ignored: the page says the same whatever happened.
    } finally {
      setSubmitting(false);
      setSent(true);
    }
  };

  return (
    <FormCard title={t('resetPassword.heading')} titleId="reset-title">
      {sent ? (
        <>
          <Alert
            ref={doneRef}
            tabIndex={-1}
            color="green"
            variant="light"
            role="status"
            styles={{ message: { color: 'var(--mantine-color-text)' } }}
          >
            {t('resetPassword.sent')}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('resetPassword.backToLogin')}
          </Anchor>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="reset-title">
          <Stack gap="md">
            <Text>{t('resetPassword.intro')}</Text>
            <TextInput
              ref={usernameRef}
              name="username"
              label={t('resetPassword.username')}
              autoComplete="username"
              required
              maxLength={FIELD_MAX.username}
              value={username}
              error={error && t(error)}
              onChange={(e) => setUsername(e.currentTarget.value)}
            />
            <Button type="submit" size="md" w="fit-content" loading={submitting}>
              {t('resetPassword.submit')}
            </Button>
            <Anchor component={Link} to="/login">
              {t('resetPassword.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </FormCard>
  );
}
