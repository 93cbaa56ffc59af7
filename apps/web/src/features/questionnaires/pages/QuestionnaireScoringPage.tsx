import { Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { logout } from '../../../shared/api/logout';
import { currentQuestionnairesQuery } from '../api/current';
import { historyQuestionnaireQuery } from '../api/history';
import { CompletionMessages } from '../components/CompletionMessages';
import { questionnairePage, type QuestionnaireViewProps } from '../components/questionnaire-page';
import { idParam, isKioskFlow, originOf, scoringAction } from '../lib/questionnaires';

/**
 * /questionnaire-scoring?id=&from= (spec 001 section 2): the completion message and the score messages;
 * 'Back to Questionnaires' returns to the list it was opened from. On the kiosk, once none is left to
 * complete, 'Finish and exit' logs the patient out and leaves the device at the kiosk login.
 */
export const Component = questionnairePage('questionnaires.scoringTitle', ScoringView);

function ScoringView({ patientId, loginType }: QuestionnaireViewProps) {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const id = idParam(search.get('id'));
  const from = search.get('from');
  const kiosk = isKioskFlow({ path: location.pathname, origin: from, loginType });
  const origin = originOf(from, kiosk);
  const questionnaire = useQuery({ ...historyQuestionnaireQuery(patientId, id ?? 0, locale), enabled: id !== null });
  const current = useQuery({ ...currentQuestionnairesQuery(patientId, locale), enabled: kiosk });
  const [leaving, setLeaving] = useState(false);
  useLoadErrorMessage(questionnaire.error);
  const action = scoringAction(kiosk, current.data ? current.data.length : current.error ? 0 : null);

  // The page opens at the top with the keyboard on its heading, so the message is what is read first.
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = questionnaire.data !== undefined;
  useEffect(() => {
    if (!ready) return;
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, [ready]);

  const finish = async () => {
    setLeaving(true);
    const next = await logout();
    await navigate(next, { replace: true });
  };

  if (questionnaire.error || id === null) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('questionnaires.scoringTitle')}</Title>
        <Button component={Link} to={origin} variant="default" w="fit-content">
          {t('questionnaires.backToQuestionnaires')}
        </Button>
      </Stack>
    );
  }
  if (!questionnaire.data || action === 'wait') return <DelayedLoader label={t('app.loading')} />;

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {questionnaire.data.templateTitle}
      </Title>
      <CompletionMessages questionnaire={questionnaire.data} />
      <Group gap="sm">
        {action === 'finishAndExit' ? (
          <Button size="md" onClick={() => void finish()} loading={leaving} data-testid="finish-and-exit">
            {t('questionnaires.finishAndExit')}
          </Button>
        ) : (
          <Button component={Link} to={origin} size="md" data-testid="back-to-questionnaires">
            {t('questionnaires.backToQuestionnaires')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
