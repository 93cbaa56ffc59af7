import { queryOptions } from '@tanstack/react-query';
import type { MedicalNote } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { sortNotes } from '../lib/medical-notes';

export const medicalNotesKey = (patientId: number) => ['patient', patientId, 'medicalNotes'] as const;

/** GET /api/patients/{patientId}/medicalnotes/published: the published notes, newest service date first. */
export const medicalNotesQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...medicalNotesKey(patientId), 'published'],
    queryFn: async ({ signal }) =>
      // The server sorts too; the spec has the client sort, so a change on either side cannot break the order.
      sortNotes(await api.get<MedicalNote[]>(`/api/patients/${patientId}/medicalnotes/published`, { signal })),
  });
