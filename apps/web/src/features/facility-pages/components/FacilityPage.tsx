import { Stack, Title } from '@mantine/core';
import type { CapabilityModuleName, Facility } from '@portal/contracts';
import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useCapabilities } from '../../../shared/api/capabilities';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** What a facility page's view is given: the facility and the language its texts are asked in. */
export interface FacilityPageProps {
  facilityId: number;
  locale: string;
}

/**
 * The route component of a facility information page (FAQs, Useful Links, Download Forms): titled, with its
 * heading, shown only when the facility offers it and grants its capability module (else the dashboard, as the
 * Resources menu hides it then).
 */
export function facilityPage(
  moduleName: CapabilityModuleName,
  resource: keyof Facility['resources'],
  titleKey: string,
  View: ComponentType<FacilityPageProps>,
) {
  return function Component() {
    const { t, locale } = useTranslation();
    usePageTitle(titleKey);
    const capabilities = useCapabilities();
    const facility = useFacility();
    const offered = facility.resources[resource];
    if (!offered || (capabilities.loaded && !capabilities.hasModule(moduleName))) {
      return <Navigate to="/dashboard" replace />;
    }
    return (
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 32 }}>
          {t(titleKey)}
        </Title>
        {capabilities.loaded ? (
          <View facilityId={facility.facilityId} locale={locale} />
        ) : (
          <DelayedLoader label={t('app.loading')} />
        )}
      </Stack>
    );
  };
}
