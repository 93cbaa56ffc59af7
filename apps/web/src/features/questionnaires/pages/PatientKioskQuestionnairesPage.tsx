import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { dayIn } from '../../../lib/dates';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { logout } from '../../../shared/api/logout';
import { currentQuestionnairesQuery } from '../api/current';
import { QuestionnaireCard } from '../components/QuestionnaireCard';
import { questionnairePage, type QuestionnaireViewProps } from '../components/questionnaire-page';
import { autoStartId, completePath } from '../lib/questionnaires';

/**
 * /patientKioskQuestionnaires (spec 001 section 2): the questionnaires of the patient at the kiosk or arriving
 * by link, under the kiosk header. With `startIfOnlyOne=true` and exactly one, it opens at once; with none
 * left, 'Finish and exit' hands the device back to the kiosk login.
 */
export const Component = questionnairePage('kiosk.myQuestionnaires', PatientKioskView);

function PatientKioskView({ patientId }: QuestionnaireViewProps) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const current = useQuery(currentQuestionnairesQuery(patientId, locale));
  const [leaving, setLeaving] = useState(false);
  useLoadErrorMessage(current.error, { generic: true });

  const autoStart = autoStartId(search.get('startIfOnlyOne'), current.data ?? []);
  if (autoStart !== null) return <Navigate to={completePath(autoStart, { kiosk: true })} replace />;

  const finish = async () => {
    setLeaving(true);
    await navigate(await logout(), { replace: true });
  };
  const today = dayIn(new Date(), facility.timeZone.id);

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('kiosk.myQuestionnaires')}
      </Title>
      {current.error && !current.data ? null : !current.data ? (
        <DelayedLoader label={t('app.loading')} />
      ) : current.data.length === 0 ? (
        <Stack gap="md" align="flex-start">
          <Text role="status">{t('questionnaires.kioskEmpty')}</Text>
          <Button size="md" onClick={() => void finish()} loading={leaving} data-testid="finish-and-exit">
            {t('questionnaires.finishAndExit')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" maw={860}>
          {current.data.map((q) => (
            <QuestionnaireCard
              key={q.assignedQuestionnaireId}
              questionnaire={q}
              today={today}
              startPath={completePath(q.assignedQuestionnaireId, { kiosk: true })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
