import type { CapabilityModuleName } from '@portal/contracts';
import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { PagePlaceholder } from '../components/PagePlaceholder';
import { useCapabilities } from './api/capabilities';
import { useCurrentPatient } from './api/current-patient';
import { useTranslation } from '../lib/i18n';
import { usePageTitle } from '../lib/use-page-title';

/** What a module's page is given: whose record it shows, and who is looking. */
export interface ModulePageProps {
  patientId: number;
  userId: number;
}

/**
 * The route component of a module's page (Appointments, Education, TestResults, ...): titled, shown only
 * with the capability module (else the dashboard), after the patient is known. Kiosk and link users have
 * no user id and never have these modules. The view is keyed by patient, so nothing of one record
 * lingers when another is shown.
 */
export function modulePage(moduleName: CapabilityModuleName, titleKey: string, View: ComponentType<ModulePageProps>) {
  return function Component() {
    const { t } = useTranslation();
    usePageTitle(titleKey);
    const capabilities = useCapabilities();
    const { patientId, profile } = useCurrentPatient();
    if (capabilities.loaded && !capabilities.hasModule(moduleName)) return <Navigate to="/dashboard" replace />;
    if (patientId === null || !profile || !capabilities.loaded) return <PagePlaceholder label={t('app.loading')} />;
    if (profile.userId === null) return <Navigate to="/dashboard" replace />;
    return <View key={patientId} patientId={patientId} userId={profile.userId} />;
  };
}
