import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { api } from '../../../lib/api-instance';
import { useCapabilities } from '../../../shared/api/capabilities';
import { useCurrentPatient } from '../../../shared/api/current-patient';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** What a questionnaire page is given: whose questionnaires, and whether it runs on the kiosk (or by link). */
export interface QuestionnaireViewProps {
  patientId: number;
  /** The kiosk or link login types: kiosk pages, their own completion path and 'Finish and exit'. */
  kioskUser: boolean;
  loginType: string | null;
}

/**
 * The route component of a questionnaire page: titled, shown with the Questionnaires capability (else the
 * dashboard). Unlike the other modules' pages it also serves kiosk and link users, who have no user id and
 * are bound to one patient. Keyed by patient, so nothing of one record lingers when another is shown.
 */
export function questionnairePage(titleKey: string, View: ComponentType<QuestionnaireViewProps>) {
  return function Component() {
    const { t } = useTranslation();
    usePageTitle(titleKey);
    const capabilities = useCapabilities();
    const { patientId, profile } = useCurrentPatient();
    const loginType = api.session.get()?.loginType ?? null;
    const kioskUser = ['patientkioskuser', 'patientlinkuser'].includes((loginType ?? '').toLowerCase());
    if (capabilities.loaded && !capabilities.hasModule('Questionnaires')) return <Navigate to="/dashboard" replace />;
    if (patientId === null || !profile || !capabilities.loaded) return <PagePlaceholder label={t('app.loading')} />;
    return <View key={patientId} patientId={patientId} kioskUser={kioskUser} loginType={loginType} />;
  };
}
