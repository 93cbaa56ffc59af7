import { Text } from '@mantine/core';
import type { AssignedQuestionnaireSummary } from '@portal/contracts';
import { useCurrentPatient } from '../../../shared/api/current-patient';
import { useTranslation } from '../../../lib/i18n';

/**
 * 'Answered by Robert Doe on behalf of Jane Doe' (or Declined by) under a questionnaire a representative answered,
 * as secure messages say who wrote them (issue 32, finding 5); nothing when the patient answered it.
 */
export function AnsweredBy({ questionnaire }: { questionnaire: AssignedQuestionnaireSummary }) {
  const { t } = useTranslation();
  const { patient } = useCurrentPatient();
  if (!questionnaire.answeredBy) return null;
  const key =
    questionnaire.statusDescription === 'Declined'
      ? 'questionnaires.declinedOnBehalf'
      : 'questionnaires.answeredOnBehalf';
  const patientName = patient ? `${patient.firstName} ${patient.lastName}` : '';
  return (
    <Text size="sm" data-testid="answered-by">
      {t(key, { name: questionnaire.answeredBy, patient: patientName })}
    </Text>
  );
}
