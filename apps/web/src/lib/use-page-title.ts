import { useEffect } from 'react';
import { useTranslation } from './i18n';
import { useFacility } from './facility-context';

/** Sets the document title to '{page} - {facility short name}'. */
export function usePageTitle(pageKey: string): void {
  const { t } = useTranslation();
  const facility = useFacility();
  const page = t(pageKey);
  useEffect(() => {
    document.title = t('app.pageTitle', { page, facility: facility.facilityShortName });
  }, [t, page, facility.facilityShortName]);
}
