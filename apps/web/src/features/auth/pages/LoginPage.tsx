import { Link, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/light/controls';
import { ANCHOR_CLASS, Stack, Text, Title, TwoColumns } from '../../../components/light/layout';
import { ApiError } from '../../../lib/api';
import { api, messageBar } from '../../../lib/api-instance';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { PasswordLoginForm } from '../components/PasswordLoginForm';
import { showEmailConfirmationNotice } from '../lib/email-confirmation-notice';
import { afterLoginTarget, tokenErrorMessage } from '../../../lib/login-flow';
import { loadProfile, logIn } from '../../../shared/api/login';
import { preloadPageAfterLogin, preloadPageCode } from '../../../lib/page-preload';
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
    preloadPageCode(afterLoginTarget(search));
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
    const target = profile.isEulaAccepted ? afterLoginTarget(search) : '/termsOfUse';
    preloadPageAfterLogin(target, profile);
    await navigate(target, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('login.heading', { portal: facility.facilityPortalName })}</Title>
      <TwoColumns
        first={
          <FormCard width={null}>
            <PasswordLoginForm title={t('login.title')} intro={t('login.intro')} onSubmit={submit}>
              <Link to="/reset-password" className={ANCHOR_CLASS} data-underline="hover">
                {t('login.forgotPassword')}
              </Link>
            </PasswordLoginForm>
          </FormCard>
        }
        second={
          <FormCard width={null} section headingLevel={2} titleId="create-title" title={t('login.createAccountTitle')}>
            <Text>{t('login.createAccountText')}</Text>
            <ButtonLink to="/sign-up" variant="outline" fitContent>
              {t('login.createAccount')}
            </ButtonLink>
          </FormCard>
        }
      />
    </Stack>
  );
}
