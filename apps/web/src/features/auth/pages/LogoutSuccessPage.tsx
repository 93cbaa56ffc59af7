import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { MessagePanel } from '../components/MessagePanel';

/** /logout-success and /ssoLogout: the session has ended; only the former offers to log in again. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageTitle('logout.title');
  const singleSignOn = pathname.toLowerCase().startsWith('/ssologout');
  return (
    <MessagePanel title={t('logout.title')} message={t('logout.message')}>
      {!singleSignOn && (
        <Anchor component={Link} to="/login" w="fit-content">
          {t('logout.loginAgain')}
        </Anchor>
      )}
    </MessagePanel>
  );
}
