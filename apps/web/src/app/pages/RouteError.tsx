import { useEffect } from 'react';
import { Button } from '../../components/light/controls';
import { useTranslation } from '../../lib/i18n';
import { StatusPage } from './StatusPage';

/** Shown instead of a page that failed to render or to load its code (for example after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main id="main-content" style={{ padding: 16 }}>
      <StatusPage
        title={t('messageBar.error')}
        message={t('messages.unexpectedError')}
        action={
          <Button fitContent onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </main>
  );
}
