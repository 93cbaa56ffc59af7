import type { AssignedQuestionnaire, QuestionnaireAnswer, QuestionnaireAnswersBody } from '@portal/contracts';
import { api } from '../../../lib/api-instance';
import { questionnairesPath } from './keys';

const body = (id: number, answers: readonly QuestionnaireAnswer[]): QuestionnaireAnswersBody => ({
  assignedQuestionnaireId: id,
  patientQuestionAnswerList: [...answers],
});

/** PUT .../assignedquestionnaires/{id}: submits the answers; answers the completed questionnaire with its scores. */
export function submitQuestionnaire(
  patientId: number,
  id: number,
  answers: readonly QuestionnaireAnswer[],
): Promise<AssignedQuestionnaire> {
  return api.put<AssignedQuestionnaire>(`${questionnairesPath(patientId)}/${id}`, body(id, answers));
}

/** PUT .../assignedquestionnaires/{id}/draft: keeps the answers so far (204), to finish here or on another device. */
export function saveDraft(patientId: number, id: number, answers: readonly QuestionnaireAnswer[]): Promise<void> {
  return api.put<void>(`${questionnairesPath(patientId)}/${id}/draft`, body(id, answers));
}

/** DELETE .../assignedquestionnaires/{id}/draft: "Yes, I want to cancel" with no draft before: the caller's goes. */
export function discardDraft(patientId: number, id: number): Promise<void> {
  return api.del<void>(`${questionnairesPath(patientId)}/${id}/draft`);
}
