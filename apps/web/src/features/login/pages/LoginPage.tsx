import { Anchor, Button, Grid, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { api, messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { usePageTitle } from '../../../lib/use-page-title';

type Field = 'username' | 'password';

/** The token endpoint's error codes and the message each shows. */
function loginErrorMessage(error: unknown): { key: string; params?: Record<string, string | number> } {
  if (!(error instanceof ApiError)) return { key: 'messages.unexpectedError' };
  switch (error.code) {
    case 'invalid_grant':
      return { key: 'login.failed' };
    case 'invalid_subscription':
      return { key: 'login.subscriptionEnded' };
    case 'locked_out': {
      const minutes = Number((error.body as { minutesLeft?: number } | undefined)?.minutesLeft ?? 0) || 15;
      return { key: 'login.lockedOut', params: { minutes } };
    }
    default:
      return { key: 'messages.unexpectedError' };
  }
}

/** Where to go after login: the redirect with isAutoRedirect=true and the extra parameters, else the dashboard. */
export function afterLoginTarget(search: URLSearchParams): string {
  const redirect = search.get('redirect');
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/dashboard';
  const extra = new URLSearchParams(search);
  extra.delete('redirect');
  extra.set('isAutoRedirect', 'true');
  return `${redirect}${redirect.includes('?') ? '&' : '?'}${extra.toString()}`;
}

export function Component() {
  const { t } = useTranslation();
  const facility = useFacility();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  usePageTitle('login.title');
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const validate = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    // Keys, not text: a language switch re-words errors already shown.
    if (!values.username.trim()) found.username = 'common.required';
    if (!values.password) found.password = 'common.required';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    const first = (['username', 'password'] as const).find((f) => found[f]);
    if (first) {
      // The first field with an error takes focus.
      (first === 'username' ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await api.token({ grant_type: 'password', username: values.username.trim(), password: values.password });
      messageBar.dismiss();
      await navigate(afterLoginTarget(search), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'password_change_required') {
        await navigate('/update-password');
        return;
      }
      messageBar.show({ type: 'error', ...loginErrorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('login.heading', { portal: facility.facilityPortalName })}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
              <Stack gap="md">
                <Title order={2} id="login-title" fz="xl">
                  {t('login.title')}
                </Title>
                <Text>{t('login.intro')}</Text>
                <TextInput
                  ref={usernameRef}
                  label={t('login.username')}
                  name="username"
                  autoComplete="username"
                  required
                  value={values.username}
                  error={errors.username && t(errors.username)}
                  onChange={(e) => {
                    const username = e.currentTarget.value;
                    setValues((v) => ({ ...v, username }));
                  }}
                />
                <PasswordInput
                  ref={passwordRef}
                  label={t('login.password')}
                  name="password"
                  autoComplete="current-password"
                  visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
                  required
                  value={values.password}
                  error={errors.password && t(errors.password)}
                  onChange={(e) => {
                    const password = e.currentTarget.value;
                    setValues((v) => ({ ...v, password }));
                  }}
                />
                <Button type="submit" loading={submitting} size="md">
                  {t('login.submit')}
                </Button>
                <Anchor component={Link} to="/reset-password">
                  {t('login.forgotPassword')}
                </Anchor>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="create-title">
            <Stack gap="md">
              <Title order={2} id="create-title" fz="xl">
                {t('login.createAccountTitle')}
              </Title>
              <Text>{t('login.createAccountText')}</Text>
              <Button component={Link} to="/sign-up" variant="outline" w="fit-content">
                {t('login.createAccount')}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
