import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { historyQuestionnaireQuery } from '../api/history';
import { AnswerReview } from '../components/AnswerReview';
import { CompletionMessages } from '../components/CompletionMessages';
import { AnsweredBy } from '../components/AnsweredBy';
import { QuestionnaireDate } from '../components/QuestionnaireDate';
import { questionnairePage, type QuestionnaireViewProps } from '../components/questionnaire-page';
import { HISTORY_PATH, idParam, originOf } from '../lib/questionnaires';

/**
 * /review-questionnaire?id= (spec 001, historical review): a completed questionnaire read-only: its answers,
 * the day it was completed, the completion and score messages, and a way back (to the History list).
 */
export const Component = questionnairePage('questionnaires.reviewTitle', ReviewView);

function ReviewView({ patientId }: QuestionnaireViewProps) {
  const { t, locale } = useTranslation();
  const [search] = useSearchParams();
  const id = idParam(search.get('id'));
  const from = search.get('from');
  const origin = from ? originOf(from, false) : HISTORY_PATH;
  const questionnaire = useQuery({ ...historyQuestionnaireQuery(patientId, id ?? 0, locale), enabled: id !== null });
  useLoadErrorMessage(questionnaire.error);

  const back = (
    <Button component={Link} to={origin} variant="default" w="fit-content" data-testid="review-back">
      {t('questionnaires.backToQuestionnaires')}
    </Button>
  );
  if (id === null || questionnaire.error) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('questionnaires.reviewTitle')}</Title>
        {back}
      </Stack>
    );
  }
  const q = questionnaire.data;
  if (!q) return <DelayedLoader label={t('app.loading')} />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {q.templateTitle}
        </Title>
        {q.completedDate && (
          <Text data-testid="review-completed-date">
            {t('questionnaires.dateLabel.Completed')} <QuestionnaireDate value={q.completedDate} isInstant />
          </Text>
        )}
        <AnsweredBy questionnaire={q} />
      </Stack>
      <CompletionMessages questionnaire={q} />
      <AnswerReview items={q.questionnaireItems} answers={q.patientQuestionAnswerList} />
      {back}
    </Stack>
  );
}
