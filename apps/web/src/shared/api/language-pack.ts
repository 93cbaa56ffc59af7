import type { LanguagePackResponse, SupportedLocale } from '@portal/contracts';
import { api } from '../../lib/api-instance';
import { applyLanguagePack } from '../../lib/i18n';

/**
 * GET /api/content/languagepack/patientPortal?language&facilityId: the language pack with the facility's
 * overrides; the whole UI switches to it. Answers the language it is in.
 */
export async function loadLanguage(requested: string, facilityId?: number): Promise<SupportedLocale> {
  const pack = await api.get<LanguagePackResponse>('/api/content/languagepack/patientPortal', {
    query: { language: requested, facilityId },
    auth: false,
  });
  return applyLanguagePack(pack);
}
