import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AssignedQuestionnaireSummary } from '@portal/contracts';
import { useTranslation } from '../../../lib/i18n';
import { historyDay, reviewPath } from '../lib/questionnaires';
import { AnsweredBy } from './AnsweredBy';
import { QuestionnaireDate } from './QuestionnaireDate';
import { StatusLabel, type QuestionnaireLabel } from './StatusLabel';

const HISTORY_LABELS = new Set<string>(['Completed', 'Declined', 'Missed']);

/**
 * The History list: title, description, the day it was completed or declined (a missed one, its due day) as
 * 'MMM DD, YYYY', labelled Completed, Declined or Missed; a completed one has Review.
 */
export function HistoryList({ items }: { items: readonly AssignedQuestionnaireSummary[] }) {
  const { t } = useTranslation();
  const shown = items.filter((q) => HISTORY_LABELS.has(q.statusDescription));
  if (shown.length === 0) {
    return (
      <Text role="status" py="md">
        {t('questionnaires.historyEmpty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('questionnaires.history')}>
      {shown.map((q) => {
        const titleId = `history-${q.assignedQuestionnaireId}-title`;
        const day = historyDay(q);
        const status = q.statusDescription as QuestionnaireLabel;
        return (
          <Paper
            component="li"
            key={q.assignedQuestionnaireId}
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            data-testid="history-item"
          >
            <Stack gap="xs">
              <Title order={2} fz={{ base: 18, sm: 20 }} id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {q.templateTitle}
              </Title>
              {q.templateDescription && <Text style={{ overflowWrap: 'anywhere' }}>{q.templateDescription}</Text>}
              <Group gap="sm" align="center" justify="space-between" wrap="wrap">
                <Group gap="sm" align="center" wrap="wrap">
                  <StatusLabel status={status} />
                  <Text size="sm" data-testid="history-date">
                    {t(status === 'Missed' ? 'questionnaires.dueDate' : `questionnaires.dateLabel.${status}`)}{' '}
                    <QuestionnaireDate value={day.value} isInstant={day.isInstant} />
                  </Text>
                </Group>
                <AnsweredBy questionnaire={q} />
                {status === 'Completed' && (
                  <Button
                    component={Link}
                    to={reviewPath(q.assignedQuestionnaireId)}
                    variant="outline"
                    aria-describedby={titleId}
                    data-testid="history-review"
                  >
                    {t('questionnaires.review')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
