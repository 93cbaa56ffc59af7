import { queryOptions } from '@tanstack/react-query';
import type { AssignedQuestionnaire } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { questionnairesKey, questionnairesPath } from './keys';

/**
 * GET .../assignedquestionnaires/{id}: one questionnaire to complete, with the draft saved so far (on this
 * device or another). Opening it marks it started on the server, so it is never served from the cache.
 */
export const questionnaireQuery = (patientId: number, id: number, language: string) =>
  queryOptions({
    queryKey: [...questionnairesKey(patientId), 'one', id, language],
    queryFn: ({ signal }) =>
      api.get<AssignedQuestionnaire>(`${questionnairesPath(patientId)}/${id}`, { signal, query: { language } }),
    staleTime: 0,
    gcTime: 0,
    // A language switch keeps the form (and the answers in it) on screen while the texts arrive in the new one.
    placeholderData: (previous) => (previous?.assignedQuestionnaireId === id ? previous : undefined),
  });
