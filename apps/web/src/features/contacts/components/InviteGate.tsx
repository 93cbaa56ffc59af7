import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useCapabilities } from '../../../shared/api/capabilities';
import { useCurrentPatient } from '../../../shared/api/current-patient';
import { useTranslation } from '../../../lib/i18n';

/**
 * The invitation pages are the patient's own and need the InviteContact capability and a contactId;
 * anyone else goes to the dashboard.
 */
export function InviteGate({ children }: { children: (contactId: number, patientId: number) => ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const capabilities = useCapabilities();
  const { patientId, isSelf, profile } = useCurrentPatient();
  const raw = params.get('contactId') ?? '';
  const contactId = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  if (!profile || !capabilities.loaded) return <DelayedLoader label={t('app.loading')} />;
  if (!isSelf || patientId === null || contactId === null) return <Navigate to="/dashboard" replace />;
  if (!capabilities.hasField('Dashboard', 'PersonalContacts', 'InviteContact')) {
    return <Navigate to="/dashboard" replace />;
  }
  return <>{children(contactId, patientId)}</>;
}
