import { queryOptions } from '@tanstack/react-query';
import type { MedicalNote } from '@portal/contracts';
import { answeredAhead, fetchAhead, getTakingAhead } from '../../../lib/fetch-ahead';
import { sortNotes } from '../lib/medical-notes';

export const medicalNotesKey = (patientId: number) => ['patient', patientId, 'medicalNotes'] as const;

/** GET /api/patients/{patientId}/medicalnotes/published: the published notes, newest service date first. */
export const medicalNotesPath = (patientId: number) => `/api/patients/${patientId}/medicalnotes/published`;

// The server sorts too; the spec has the client sort, so a change on either side cannot break the order.
export const medicalNotesQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...medicalNotesKey(patientId), 'published'],
    queryFn: async ({ signal }) => sortNotes(await getTakingAhead<MedicalNote[]>(medicalNotesPath(patientId), signal)),
    initialData: () => {
      const notes = answeredAhead<MedicalNote[]>(medicalNotesPath(patientId));
      return notes && sortNotes(notes);
    },
  });

/** The published notes, asked for as the app starts on the page (lib/fetch-ahead.ts), for its query to take. */
export const fetchMedicalNotesAhead = (patientId: number) => fetchAhead<MedicalNote[]>(medicalNotesPath(patientId));
