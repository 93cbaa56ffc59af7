import { Stack, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { messageBar } from '../../../lib/api-instance';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { sameSitePath, tokenErrorMessage } from '../../../lib/login-flow';
import { logIn } from '../../../shared/api/login';
import { PasswordLoginForm } from '../components/PasswordLoginForm';
import { HEADERS } from '../lib/token-headers';
import { FormCard } from '../../../shared/components/FormCard';

/** /kioskLogin: kiosk staff log in to the questionnaire kiosk (language menu in the header). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  usePageTitle('kiosk.title');

  const submit = async ({ username, password }: { username: string; password: string }) => {
    try {
      await logIn({ grant_type: 'password', username, password }, { [HEADERS.logonProcess]: 'patientKioskManagement' });
    } catch (error) {
      messageBar.dismiss();
      messageBar.show({ type: 'error', ...tokenErrorMessage(error) });
      return;
    }
    messageBar.dismiss();
    await navigate(sameSitePath(search.get('redirect')) ?? '/kioskQuestionnaires', { replace: true });
  };

  return (
    <Stack gap="lg" maw={560} mx="auto" w="100%">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('kiosk.title')}
      </Title>
      <FormCard width={null}>
        <PasswordLoginForm title={t('login.title')} intro={t('kioskLogin.intro')} onSubmit={submit} />
      </FormCard>
    </Stack>
  );
}
