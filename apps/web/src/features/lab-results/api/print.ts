import { api } from '../../../lib/api-instance';

/** POST /api/patients/{patientId}/labresults/published/{labResultId}/pdf?language: the printable PDF. */
export function fetchLabResultPdf(patientId: number, labResultId: number, language: string): Promise<Blob> {
  return api.post<Blob>(`/api/patients/${patientId}/labresults/published/${labResultId}/pdf`, undefined, {
    query: { language },
    responseType: 'blob',
  });
}
