import { queryOptions } from '@tanstack/react-query';
import type { AssignedQuestionnaireSummary } from '@portal/contracts';
import { fetchAhead, getTakingAhead } from '../../../lib/fetch-ahead';
import { questionnairesKey, questionnairesPath } from './keys';

/** GET /api/patients/{patientId}/assignedquestionnaires?language: the Current list (assigned or started). */
export const currentQuestionnairesPath = (patientId: number, language: string) =>
  `${questionnairesPath(patientId)}?language=${encodeURIComponent(language)}`;

export const currentQuestionnairesQuery = (patientId: number, language: string) =>
  queryOptions({
    queryKey: [...questionnairesKey(patientId), 'current', language],
    queryFn: ({ signal }) =>
      getTakingAhead<AssignedQuestionnaireSummary[]>(currentQuestionnairesPath(patientId, language), signal),
    // A questionnaire finished on another device (the kiosk, a link) must not linger here.
    staleTime: 0,
    // A language switch keeps the cards on screen until they arrive in the new language.
    placeholderData: (previous) => previous,
  });

/** The Current list, asked for as the app starts on the page (lib/fetch-ahead.ts), for its query to take. */
export const fetchCurrentQuestionnairesAhead = (patientId: number, language: string) =>
  fetchAhead<AssignedQuestionnaireSummary[]>(currentQuestionnairesPath(patientId, language));
