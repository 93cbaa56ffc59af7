import { queryOptions } from '@tanstack/react-query';
import type { AssignedQuestionnaireSummary } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { questionnairesKey, questionnairesPath } from './keys';

/** GET /api/patients/{patientId}/assignedquestionnaires?language: the Current list (assigned or started). */
export const currentQuestionnairesQuery = (patientId: number, language: string) =>
  queryOptions({
    queryKey: [...questionnairesKey(patientId), 'current', language],
    queryFn: ({ signal }) =>
      api.get<AssignedQuestionnaireSummary[]>(questionnairesPath(patientId), { signal, query: { language } }),
    // A questionnaire finished on another device (the kiosk, a link) must not linger here.
    staleTime: 0,
    // A language switch keeps the cards on screen until they arrive in the new language.
    placeholderData: (previous) => previous,
  });
