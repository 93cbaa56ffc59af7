import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

export type QuestionnaireLabel = 'Due' | 'Overdue' | 'Completed' | 'Declined' | 'Missed';

/** Dark colours: the text keeps at least 7:1 on white. */
const COLOURS: Record<QuestionnaireLabel, string> = {
  Due: '#0d47a1',
  Overdue: '#b71c1c',
  Completed: '#1b5e20',
  Declined: '#495057',
  Missed: '#6a1b9a',
};

/** Due or Overdue on a current card; Completed, Declined or Missed in the history (spec 001 section 2). */
export function StatusLabel({ status }: { status: QuestionnaireLabel }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      size="lg"
      color={COLOURS[status]}
      radius="sm"
      tt="none"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
      data-testid="questionnaire-status"
      data-status={status}
    >
      {t(`questionnaires.status.${status}`)}
    </Badge>
  );
}
