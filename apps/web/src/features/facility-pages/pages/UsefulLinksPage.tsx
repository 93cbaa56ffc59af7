import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { RichText } from '../../../components/RichText';
import { useTranslation } from '../../../lib/i18n';
import { usefulLinksQuery } from '../api/facility-pages';
import { facilityPage, type FacilityPageProps } from '../components/FacilityPage';
import { LoadError } from '../components/LoadError';

/** /useful-links (spec 002, 2.10): the facility's content page. */
export const Component = facilityPage('UsefulLinks', 'usefulLinks', 'facilityPages.usefulLinksTitle', UsefulLinksView);

function UsefulLinksView({ facilityId, locale }: FacilityPageProps) {
  const { t } = useTranslation();
  const page = useQuery(usefulLinksQuery(facilityId, locale));
  if (page.isPending) return <DelayedLoader label={t('app.loading')} />;
  if (page.isError) return <LoadError error={page.error} />;
  const body = page.data.body.trim();
  if (!body) return <Text>{t('facilityPages.noUsefulLinks')}</Text>;
  return (
    <Box data-testid="useful-links" lang={page.data.language}>
      <RichText html={body} className="portal-rich-text" />
    </Box>
  );
}
