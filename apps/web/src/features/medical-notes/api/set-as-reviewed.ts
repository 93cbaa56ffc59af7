import { api } from '../../../lib/api-instance';

/** POST /api/patients/{patientId}/medicalnotes/{noteId}/setasreviewed (no body): the note was opened. */
export function setNoteAsReviewed(patientId: number, noteId: number): Promise<void> {
  return api.post<void>(`/api/patients/${patientId}/medicalnotes/${noteId}/setasreviewed`);
}
