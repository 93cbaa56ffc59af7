import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { refreshBadges } from '../../../lib/badges';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { questionnaireQuery } from '../api/questionnaire';
import { QuestionnaireForm } from '../components/QuestionnaireForm';
import { questionnairePage, type QuestionnaireViewProps } from '../components/questionnaire-page';
import { idParam, isKioskFlow, originOf } from '../lib/questionnaires';

/**
 * /complete-questionnaire?id= and, on the kiosk, /complete-kiosk-questionnaire?id= (spec 001 section 2): one
 * questionnaire to answer, with the draft saved so far on any device. Cancel returns to `from` (default: the
 * list of the mode).
 */
export const Component = questionnairePage('questionnaires.completeTitle', CompleteView);

const OPEN_STATUSES = new Set(['Assigned', 'Started']);

function CompleteView({ patientId, loginType }: QuestionnaireViewProps) {
  const { t, locale } = useTranslation();
  const [search] = useSearchParams();
  const location = useLocation();
  const id = idParam(search.get('id'));
  const kiosk = isKioskFlow({ path: location.pathname, loginType });
  const origin = originOf(search.get('from'), kiosk);
  const questionnaire = useQuery({ ...questionnaireQuery(patientId, id ?? 0, locale), enabled: id !== null });
  useLoadErrorMessage(questionnaire.error);

  // Opening it made it no longer new: the header's count drops.
  const loaded = questionnaire.data !== undefined;
  useEffect(() => {
    if (loaded) refreshBadges();
  }, [loaded]);

  const back = (
    <Button component={Link} to={origin} variant="default" w="fit-content">
      {t('questionnaires.backToQuestionnaires')}
    </Button>
  );
  if (id === null || questionnaire.error) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('questionnaires.completeTitle')}</Title>
        {id === null && <Text>{t('questionnaires.notAvailable')}</Text>}
        {back}
      </Stack>
    );
  }
  if (!questionnaire.data) return <DelayedLoader label={t('app.loading')} />;
  if (!OPEN_STATUSES.has(questionnaire.data.statusDescription)) {
    return (
      <Stack gap="lg">
        <Title order={1}>{questionnaire.data.templateTitle}</Title>
        <Text>{t('questionnaires.notAvailable')}</Text>
        {back}
      </Stack>
    );
  }
  return <QuestionnaireForm key={id} patientId={patientId} questionnaire={questionnaire.data} origin={origin} />;
}
