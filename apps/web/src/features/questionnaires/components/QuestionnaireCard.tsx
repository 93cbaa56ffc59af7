import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AssignedQuestionnaireSummary } from '@portal/contracts';
import { useTranslation } from '../../../lib/i18n';
import { dueState } from '../lib/questionnaires';
import { QuestionnaireDate } from './QuestionnaireDate';
import { StatusLabel } from './StatusLabel';

/**
 * A card of the Current list: title, description, due date with Due or Overdue, the new indicator, Start Now
 * and (outside the kiosk) Decline.
 */
export function QuestionnaireCard({
  questionnaire,
  today,
  startPath,
  onDecline,
}: {
  questionnaire: AssignedQuestionnaireSummary;
  /** The facility's today (YYYY-MM-DD). */
  today: string;
  startPath: string;
  onDecline?: (questionnaire: AssignedQuestionnaireSummary) => void;
}) {
  const { t } = useTranslation();
  const q = questionnaire;
  const titleId = `questionnaire-${q.assignedQuestionnaireId}-title`;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={titleId}
      data-testid="questionnaire-card"
      data-new={q.isNew || undefined}
    >
      <Stack gap="sm">
        <Group gap="xs" align="center" wrap="wrap">
          <Title order={2} fz={{ base: 18, sm: 20 }} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {q.templateTitle}
          </Title>
          {q.isNew && (
            <Badge color="brand.8" radius="sm" tt="none" data-testid="questionnaire-new">
              {t('questionnaires.new')}
            </Badge>
          )}
        </Group>
        {q.templateDescription && <Text style={{ overflowWrap: 'anywhere' }}>{q.templateDescription}</Text>}
        <Group gap="sm" align="center" wrap="wrap">
          <StatusLabel status={dueState(q.dueDate, today)} />
          <Text size="sm" data-testid="questionnaire-due">
            {t('questionnaires.dueDate')} <QuestionnaireDate value={q.dueDate} />
          </Text>
          {q.hasDraft && (
            <Text size="sm" fs="italic" data-testid="questionnaire-in-progress">
              {t('questionnaires.inProgress')}
            </Text>
          )}
        </Group>
        <Group gap="sm" mt={4}>
          <Button component={Link} to={startPath} aria-describedby={titleId} data-testid="questionnaire-start">
            {t('questionnaires.startNow')}
          </Button>
          {onDecline && (
            <Button
              variant="default"
              onClick={() => onDecline(q)}
              aria-describedby={titleId}
              data-testid="questionnaire-decline"
            >
              {t('questionnaires.decline')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
