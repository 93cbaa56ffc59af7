import { activityLogPath, personalDataExportPath } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { withUrlToken } from '../../../shared/api/url-tokens';

/**
 * The activity log report's address for a new window: its path with a URL token, then the two days and the language
 * the portal shows (the report is read in it, not in the one saved to the account).
 */
export async function activityLogUrl(
  patientId: number,
  startDate: string,
  endDate: string,
  language: string,
): Promise<string> {
  const url = await withUrlToken(activityLogPath(patientId));
  return `${url}&${new URLSearchParams({ startDate, endDate, language }).toString()}`;
}

/**
 * The personal data export, fetched whole through the API client (the server streams it), written in the language
 * the portal shows (its questions, answers and score messages as the patient reads them).
 */
export function fetchPersonalData(patientId: number, language: string): Promise<Blob> {
  return api.get<Blob>(personalDataExportPath(patientId), { responseType: 'blob', query: { language } });
}
