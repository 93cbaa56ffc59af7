import type { QueryClient } from '@tanstack/react-query';
import type { AssignedQuestionnaireSummary } from '@portal/contracts';

/** Every cached answer of a patient's questionnaires, under one prefix so an action can refresh them together. */
export const questionnairesKey = (patientId: number) => ['patient', patientId, 'questionnaires'] as const;

/** The base path of the patient's questionnaire calls (spec 001 section 7). */
/**
 * Takes an answered (submitted or declined) questionnaire off every cached Current list at once, so no page
 * shows it while the lists are asked again.
 */
export function dropFromCurrent(queryClient: QueryClient, patientId: number, id: number): void {
  queryClient.setQueriesData<AssignedQuestionnaireSummary[]>(
    { queryKey: [...questionnairesKey(patientId), 'current'] },
    (old) => old?.filter((q) => q.assignedQuestionnaireId !== id),
  );
}

export const questionnairesPath = (patientId: number) => `/api/patients/${patientId}/assignedquestionnaires`;
