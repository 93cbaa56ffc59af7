import { isKioskMode, type SupportedLocale } from '@portal/contracts';
import { api } from '../../lib/api-instance';
import { loginProfileQuery } from './login-profile';
import { queryClient } from '../../lib/query-client';

/**
 * Saves a logged-in user's language (spec 000 section 4): representatives and single sign-on users
 * through the user call, patients through the patient call. Kiosk and link users' choice only changes
 * the screen. The header's language menu loads this module on demand (it needs the query cache).
 */
export async function saveLanguage(locale: SupportedLocale): Promise<void> {
  const session = api.session.get();
  if (!session?.isAuthenticated || isKioskMode('', session.loginType)) return;
  const profile = await queryClient.fetchQuery(loginProfileQuery());
  const patientId = profile.ids.find((id) => id.idType === 'Patient')?.value;
  if (profile.isAuthorizedRepresentative || session.loginType.toLowerCase() === 'singlesignon' || !patientId) {
    if (profile.userId === null) return;
    await api.put(`/api/users/${profile.userId}/preferredLanguage`, undefined, { query: { ietfCode: locale } });
  } else {
    await api.put(`/api/patients/${patientId}/preferredLanguage`, undefined, { query: { language: locale } });
  }
  await queryClient.invalidateQueries({ queryKey: loginProfileQuery().queryKey });
}
