import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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
  const container = useRef<HTMLDivElement>(null);
  const body = page.data?.body.trim() ?? '';
  // The page is a list of other sites: they open beside the portal, which stays where it was. The browser's
  // sanitiser drops target attributes, so they are set here, with the opener cut off.
  useEffect(() => {
    for (const link of container.current?.querySelectorAll<HTMLAnchorElement>('a[href^="http"]') ?? []) {
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
    }
  }, [body]);
  if (page.isPending) return <DelayedLoader label={t('app.loading')} />;
  if (page.isError) return <LoadError error={page.error} />;
  if (!body) return <Text>{t('facilityPages.noUsefulLinks')}</Text>;
  return (
    <Box data-testid="useful-links" lang={page.data.language} ref={container}>
      <RichText html={body} className="portal-rich-text" />
    </Box>
  );
}
