import type { AssignedQuestionnaire } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { questionnairesPath } from './keys';

/** PUT .../assignedquestionnaires/declinequestionnaire: the patient declines it; answers the declined questionnaire. */
export function declineQuestionnaire(patientId: number, id: number): Promise<AssignedQuestionnaire> {
  return api.put<AssignedQuestionnaire>(`${questionnairesPath(patientId)}/declinequestionnaire`, {
    assignedQuestionnaireId: id,
  });
}
