import { Anchor, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { api, messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { PasswordLoginForm } from '../components/PasswordLoginForm';
import { showEmailConfirmationNotice } from '../lib/email-confirmation-notice';
import { afterLoginTarget, loadProfile, logIn, tokenErrorMessage } from '../../../lib/login-flow';
import { FormCard } from '../../../shared/components/FormCard';

/** The username the forced password change starts with. */
const USERNAME_KEY = 'userName';

export function Component() {
  const { t } = useTranslation();
  const facility = useFacility();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  usePageTitle('login.title');

  const submit = async ({ username, password }: { username: string; password: string }) => {
    try {
      await logIn({ grant_type: 'password', username, password });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'password_change_required') {
        window.sessionStorage.setItem(USERNAME_KEY, username);
        await navigate('/update-password');
        return;
      }
      // This attempt's outcome replaces whatever the bar said before (a session-timeout notice too).
      messageBar.dismiss();
      messageBar.show({ type: 'error', ...tokenErrorMessage(error) });
      return;
    }
    let profile;
    try {
      profile = await loadProfile();
    } catch {
      // Logged in but nobody to show: start again rather than half in.
      api.session.clear();
      messageBar.show({ type: 'error', key: 'messages.unexpectedError' });
      return;
    }
    // The earlier errors (and a session-timeout notice) are answered by this login.
    messageBar.dismiss();
    showEmailConfirmationNotice(profile);
    await navigate(profile.isEulaAccepted ? afterLoginTarget(search) : '/termsOfUse', { replace: true });
  };

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('login.heading', { portal: facility.facilityPortalName })}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <FormCard width={null}>
            <PasswordLoginForm title={t('login.title')} intro={t('login.intro')} onSubmit={submit}>
              <Anchor component={Link} to="/reset-password">
                {t('login.forgotPassword')}
              </Anchor>
            </PasswordLoginForm>
          </FormCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <FormCard width={null} section headingLevel={2} titleId="create-title" title={t('login.createAccountTitle')}>
            <Text>{t('login.createAccountText')}</Text>
            <Button component={Link} to="/sign-up" variant="outline" w="fit-content">
              {t('login.createAccount')}
            </Button>
          </FormCard>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
