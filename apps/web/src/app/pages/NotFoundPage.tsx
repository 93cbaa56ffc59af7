import { ButtonLink } from '../../components/light/controls';
import { useTranslation } from '../../lib/i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { StatusPage } from './StatusPage';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('notFound.title');
  return (
    <StatusPage
      title={t('notFound.title')}
      message={t('notFound.message')}
      action={
        <ButtonLink to="/" fitContent>
          {t('notFound.home')}
        </ButtonLink>
      }
    />
  );
}
