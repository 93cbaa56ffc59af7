import { Button } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
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
        <Button component={Link} to="/" w="fit-content">
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
