import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { AssignedQuestionnaireSummary } from '@portal/contracts';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { useRevealWhenReady } from '../../../lib/page-loading';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { refreshBadges } from '../../../lib/badges';
import { dayIn } from '../../../lib/dates';
import { useFacility } from '../../../lib/facility-context';
import { initialLocale, useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { currentQuestionnairesQuery, fetchCurrentQuestionnairesAhead } from '../api/current';
import { declineQuestionnaire } from '../api/decline';
import { questionnaireHistoryQuery } from '../api/history';
import { dropFromCurrent, questionnairesKey } from '../api/keys';
import { DeclineModal } from '../components/DeclineModal';
import { HistoryList } from '../components/HistoryList';
import { QuestionnaireCard } from '../components/QuestionnaireCard';
import { questionnairePage, type QuestionnaireViewProps } from '../components/questionnaire-page';
import { autoStartId, completePath } from '../lib/questionnaires';
import { capabilityReader } from '../../../lib/capabilities';
import type { PagePrefetch } from '../../../lib/fetch-ahead';

/** /questionnaires (spec 001 section 2): Current and History, Start Now, Decline, Review. */
export const Component = questionnairePage('questionnaires.title', QuestionnairesView);

/** The page's first call, asked for as the app starts on this page (see app/session-ahead.ts). */
export const prefetch: PagePrefetch = ({ patientId, capabilities }) => {
  if (capabilityReader(capabilities).hasModule('Questionnaires'))
    void fetchCurrentQuestionnairesAhead(patientId, initialLocale());
};

type View = 'current' | 'history';

function QuestionnairesView({ patientId, kioskUser }: QuestionnaireViewProps) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const view: View = search.get('view') === 'history' ? 'history' : 'current';
  const current = useQuery(currentQuestionnairesQuery(patientId, locale));
  const currentRevealed = useRevealWhenReady(Boolean(current.data));
  const history = useQuery({ ...questionnaireHistoryQuery(patientId, locale), enabled: view === 'history' });
  const [declining, setDeclining] = useState<AssignedQuestionnaireSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const currentTab = useRef<HTMLButtonElement>(null);
  // The list fails with the generic text; the history with the server's own message (spec 001 section 8).
  useLoadErrorMessage(current.error, { generic: true });
  useLoadErrorMessage(view === 'history' ? history.error : null);

  const autoStart = autoStartId(search.get('isAutoRedirect'), current.data ?? []);
  if (autoStart !== null) return <Navigate to={completePath(autoStart, { kiosk: kioskUser })} replace />;

  const showView = (next: string | null) => {
    setSearch(next === 'history' ? { view: 'history' } : {}, { replace: true });
  };

  const decline = async () => {
    if (!declining) return;
    setBusy(true);
    try {
      await declineQuestionnaire(patientId, declining.assignedQuestionnaireId);
      setDeclining(null);
      dropFromCurrent(queryClient, patientId, declining.assignedQuestionnaireId);
      messageBar.show({
        type: 'success',
        key: 'questionnaires.declinedMessage',
        params: { title: declining.templateTitle },
      });
      await queryClient.invalidateQueries({ queryKey: questionnairesKey(patientId) });
      refreshBadges();
      // The card is gone: the keyboard waits on the Current tab, where the list starts.
      currentTab.current?.focus();
    } catch (error) {
      setDeclining(null);
      if (!(error instanceof ApiError && error.isSessionTimeout)) {
        messageBar.show({ type: 'error', key: 'questionnaires.messages.questionnairedeclinefailed' });
      }
    } finally {
      setBusy(false);
    }
  };

  const today = dayIn(new Date(), facility.timeZone.id);

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('questionnaires.title')}
      </Title>
      <Tabs value={view} onChange={showView} keepMounted={false}>
        <Tabs.List aria-label={t('questionnaires.viewLabel')} mb="lg">
          <Tabs.Tab value="current" ref={currentTab} fz="md" fw={600}>
            {t('questionnaires.current')}
          </Tabs.Tab>
          <Tabs.Tab value="history" fz="md" fw={600}>
            {t('questionnaires.history')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="current">
          {current.error && !current.data ? null : !current.data || !currentRevealed ? (
            <PagePlaceholder label={t('app.loading')} />
          ) : current.data.length === 0 ? (
            <Text role="status" py="md">
              {t('questionnaires.empty')}
            </Text>
          ) : (
            <Stack gap="md" maw={860}>
              {current.data.map((q) => (
                <QuestionnaireCard
                  key={q.assignedQuestionnaireId}
                  questionnaire={q}
                  today={today}
                  startPath={completePath(q.assignedQuestionnaireId, { kiosk: kioskUser })}
                  onDecline={setDeclining}
                />
              ))}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="history">
          {history.error && !history.data ? null : !history.data ? (
            <DelayedLoader label={t('app.loading')} />
          ) : (
            <Stack maw={860}>
              <HistoryList items={history.data} />
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
      <DeclineModal
        questionnaire={declining}
        busy={busy}
        onConfirm={() => void decline()}
        onCancel={() => setDeclining(null)}
      />
    </Stack>
  );
}
