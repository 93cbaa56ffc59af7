import { api } from '../../../lib/api-instance';

/**
 * GET /api/patients/{patientId}/preferredLanguage: the language a patient who came by a link chose before
 * (the id as the link carries it), or null.
 */
export async function fetchPreferredLanguage(patientId: string): Promise<string | null> {
  const { language } = await api.get<{ language: string | null }>(
    `/api/patients/${encodeURIComponent(patientId)}/preferredLanguage`,
  );
  return language;
}
