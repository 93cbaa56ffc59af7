import { queryOptions } from '@tanstack/react-query';
import type { AssignedQuestionnaire, AssignedQuestionnaireSummary } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { questionnairesKey, questionnairesPath } from './keys';

/** GET .../assignedquestionnaires/history?language: completed, declined and missed questionnaires. */
export const questionnaireHistoryQuery = (patientId: number, language: string) =>
  queryOptions({
    queryKey: [...questionnairesKey(patientId), 'history', language],
    queryFn: ({ signal }) =>
      api.get<AssignedQuestionnaireSummary[]>(`${questionnairesPath(patientId)}/history`, {
        signal,
        query: { language },
      }),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

/** GET .../assignedquestionnaires/history/{id}: one answered questionnaire with its answers and score messages. */
export const historyQuestionnaireQuery = (patientId: number, id: number, language: string) =>
  queryOptions({
    queryKey: [...questionnairesKey(patientId), 'history', language, id],
    queryFn: ({ signal }) =>
      api.get<AssignedQuestionnaire>(`${questionnairesPath(patientId)}/history/${id}`, { signal, query: { language } }),
    // A language switch keeps the page on screen until the texts arrive in the new language.
    placeholderData: (previous) => (previous?.assignedQuestionnaireId === id ? previous : undefined),
  });
