import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { AssignedQuestionnaire, ItemProblem, QuestionnaireItem } from '@portal/contracts';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { refreshBadges } from '../../../lib/badges';
import { useTranslation } from '../../../lib/i18n';
import { submitQuestionnaire } from '../api/answers';
import { historyQuestionnaireQuery } from '../api/history';
import { dropFromCurrent, questionnairesKey } from '../api/keys';
import {
  answersKey,
  firstInvalidItem,
  itemBlocks,
  loadAnswers,
  problemKey,
  problemsByItem,
  type Answers,
} from '../lib/answers';
import { scoringPath } from '../lib/questionnaires';
import { QuestionBlock } from './items/QuestionBlock';
import { MatrixItem } from './items/MatrixItem';
import { questionDomId } from './items/item-props';
import { useDraftSaving } from './use-draft';

const LOGOUT_PATH = '/logout';
const FOCUSABLE = 'input:not([disabled]):not([type="hidden"]), select, textarea, [role="slider"]';

/** Puts the keyboard on a question's first control without scrolling (the page is at the top, by the message). */
function focusQuestion(itemId: number) {
  const target = document.getElementById(questionDomId(itemId))?.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus({ preventScroll: true });
}

/**
 * The completion page's form (spec 001 sections 2, 4 and 5): every question by type in sortOrder, answers
 * re-validated on every change ('Required' under an invalid one once it was touched, or after a submit), a
 * draft saved as the patient goes, 'Are you sure?' when leaving with changes, the scoring page after a submit.
 */
export function QuestionnaireForm({
  patientId,
  questionnaire,
  origin,
}: {
  patientId: number;
  questionnaire: AssignedQuestionnaire;
  /** Where Cancel goes, and Back to Questionnaires after the scoring page. */
  origin: string;
}) {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = questionnaire.assignedQuestionnaireId;
  const items = questionnaire.questionnaireItems;
  const [initial] = useState(() => loadAnswers(items, questionnaire.patientQuestionAnswerList));
  const [answers, setAnswers] = useState<Answers>(initial);
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [submitTried, setSubmitTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [initialKey] = useState(() => answersKey(initial));

  const blocks = useMemo(() => itemBlocks(items), [items]);
  const problems = useMemo(() => problemsByItem(items, answers), [items, answers]);
  const byId = useMemo(() => new Map(items.map((i) => [i.questionnaireItemId, i])), [items]);
  const dirty = answersKey(answers) !== initialKey;
  const draft = useDraftSaving(patientId, id, answers);
  // Cancel, a link or Back loses this visit's changes, on the server too (issue 32, finding 1); Log Out keeps the
  // answers saved so far, so that a questionnaire begun on the kiosk is finished at home (spec 001), and says so.
  const { modal: leaveModal, leaveFreely } = useLeaveGuard(dirty && !sending, {
    onConfirmLeave: async (pathname) => {
      if (pathname === LOGOUT_PATH) await draft.flush();
      else await draft.revert(questionnaire.patientQuestionAnswerList);
    },
    messageKey: (pathname) => (pathname === LOGOUT_PATH ? 'questionnaires.leaveByLogOut' : undefined),
  });

  const errorOf = (itemId: number): string | null => {
    const problem: ItemProblem | undefined = problems.get(itemId);
    if (!problem || (!submitTried && !touched.has(itemId))) return null;
    const item = byId.get(itemId) as QuestionnaireItem;
    return t(problemKey(problem, item), {
      min: item.lowerBound ?? '',
      max: item.upperBound ?? '',
      maxLength: 2000,
    });
  };

  const change = (itemId: number) => (update: (list: Answers) => Answers) => {
    setAnswers((list) => update(list));
    setTouched((before) => (before.has(itemId) ? before : new Set([...before, itemId])));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSubmitTried(true);
    const first = firstInvalidItem(blocks, problems);
    if (first !== null) {
      messageBar.show({ type: 'error', key: 'questionnaires.messages.questionnairevalidatefailed' });
      window.scrollTo(0, 0);
      // After React has drawn the 'Required' messages the inputs now point to.
      requestAnimationFrame(() => focusQuestion(first));
      return;
    }
    setSending(true);
    draft.pause();
    try {
      const completed = await submitQuestionnaire(patientId, id, answers);
      leaveFreely();
      dropFromCurrent(queryClient, patientId, id);
      queryClient.setQueryData(historyQuestionnaireQuery(patientId, id, locale).queryKey, completed);
      // The lists are asked again; not this questionnaire itself (answered, it is no longer there to open).
      void queryClient.invalidateQueries({
        queryKey: questionnairesKey(patientId),
        predicate: ({ queryKey }) => queryKey[3] === 'current' || (queryKey[3] === 'history' && queryKey.length === 5),
      });
      refreshBadges();
      await navigate(scoringPath(id, origin), { replace: true });
    } catch (error) {
      setSending(false);
      draft.resume();
      if (error instanceof ApiError && error.isSessionTimeout) return;
      messageBar.show({ type: 'error', key: 'questionnaires.messages.questionnairesendfailed' });
      window.scrollTo(0, 0);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      onBlur={() => void draft.flush()}
      aria-labelledby="questionnaire-title"
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1} id="questionnaire-title" fz={{ base: 24, sm: 30 }}>
            {questionnaire.templateTitle}
          </Title>
          {questionnaire.patientInstructions && (
            <Text style={{ whiteSpace: 'pre-line' }} data-testid="patient-instructions">
              {questionnaire.patientInstructions}
            </Text>
          )}
          <Text size="sm" data-testid="required-note">
            {t('questionnaires.requiredNote')}
          </Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="xl">
            {blocks.map((block) =>
              block.kind === 'matrix' ? (
                <MatrixItem
                  key={block.guid}
                  rows={block.rows}
                  answers={answers}
                  errorOf={errorOf}
                  onChange={(rowId, update) => change(rowId)(update)}
                />
              ) : (
                <QuestionBlock
                  key={block.item.questionnaireItemId}
                  item={block.item}
                  answers={answers}
                  error={errorOf(block.item.questionnaireItemId)}
                  onChange={change(block.item.questionnaireItemId)}
                />
              ),
            )}
          </Stack>
        </Paper>
        <Group gap="sm">
          <Button type="submit" size="md" loading={sending}>
            {t('questionnaires.submit')}
          </Button>
          <Button variant="default" size="md" onClick={() => void navigate(origin)} disabled={sending}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
      {leaveModal}
    </form>
  );
}
