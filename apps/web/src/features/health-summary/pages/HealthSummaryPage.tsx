import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HealthSummaryEntry } from '@portal/contracts';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useCapabilities } from '../../../shared/api/capabilities';
import { dayIn } from '../../../lib/dates';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { externalSystemsQuery } from '../../../shared/api/external-systems';
import { CCDA_NOT_CONFIGURED, CCDA_REQUESTED } from '../../../shared/health-information';
import { modulePage, type ModulePageProps } from '../../../shared/module-page';
import { mostRecentQuery } from '../api/most-recent';
import { rangeSummariesQuery } from '../api/summaries';
import { OptionsModal } from '../components/OptionsModal';
import { SummaryView } from '../components/SummaryView';
import { documentIdentifier, rangeIdentifier } from '../lib/identifier';
import { initialOptions, reopenedOptions, type OptionsChoice, type SummaryOptions } from '../lib/options';
import { summaryView, wantsMostRecent, type Answer, type Chosen } from '../lib/summary-view';
import classes from './HealthSummaryPage.module.css';

/**
 * /health-summary, the Health Information Summary (spec 002, 2.7): the C-CDA documents of the patient's external
 * systems. A page of the dashboard's module, shown to those whose dashboard has the HealthSummary field (as the
 * menu entry and the dashboard panel that lead here).
 */
export const Component = modulePage('Dashboard', 'healthSummary.title', HealthSummaryGate);

function HealthSummaryGate(props: ModulePageProps) {
  const capabilities = useCapabilities();
  if (!capabilities.hasField('Dashboard', 'HealthSummary')) return <Navigate to="/dashboard" replace />;
  return <HealthSummary {...props} />;
}

/** A query's state as summaryView reads it. */
function answerOf<T>(query: { status: 'pending' | 'error' | 'success'; data: T | undefined }): Answer<T> {
  return query.status === 'success' ? { status: 'success', data: query.data as T } : { status: query.status };
}

function HealthSummary({ patientId }: ModulePageProps) {
  const { t } = useTranslation();
  const facility = useFacility();
  const [today] = useState(() => dayIn(Date.now(), facility.timeZone.id));

  const systemsAnswer = useQuery(externalSystemsQuery(patientId));
  useLoadErrorMessage(systemsAnswer.error, { generic: true });
  // The systems a summary may be asked for (the server lists them by name); the others send none.
  const systems = (systemsAnswer.data ?? []).filter((s) => s.activeTriggerEventTypes.includes(CCDA_REQUESTED));
  const systemIds = systems.map((s) => s.externalSystemId);
  const systemName = (ifSystemId: number) => systems.find((s) => s.externalSystemId === ifSystemId)?.name ?? null;

  const [chosen, setChosen] = useState<Chosen>({ kind: 'nothing' });
  const [options, setOptions] = useState<SummaryOptions | null>(null);
  const [optionsOpen, setOptionsOpen] = useState(false);

  const range = useQuery({
    ...rangeSummariesQuery(
      patientId,
      chosen.kind === 'range' ? chosen.ifSystemId : 0,
      chosen.kind === 'range' ? chosen.startDate : '',
      chosen.kind === 'range' ? chosen.endDate : '',
    ),
    enabled: chosen.kind === 'range',
  });
  useLoadErrorMessage(range.error, { generic: true });
  const mostRecent = useQuery({
    ...mostRecentQuery(patientId, systemIds[0] ?? 0),
    enabled: systemsAnswer.isSuccess && wantsMostRecent(systemIds, chosen),
  });
  useLoadErrorMessage(mostRecent.error, { generic: true });

  const apply = (choice: OptionsChoice, applied: SummaryOptions) => {
    setOptions(applied);
    setOptionsOpen(false);
    setChosen(
      choice.kind === 'visit'
        ? { kind: 'summary', identifier: documentIdentifier(choice.visit) }
        : { kind: 'range', ifSystemId: choice.ifSystemId, startDate: choice.startDate, endDate: choice.endDate },
    );
  };
  // A date of the list: the list goes and that summary is the current one (spec 002, 4).
  const viewEntry = (entry: HealthSummaryEntry) =>
    setChosen({ kind: 'summary', identifier: documentIdentifier(entry) });
  const viewAll = () => {
    if (chosen.kind !== 'range' || !range.data) return;
    setChosen({ kind: 'summary', identifier: rangeIdentifier(chosen.ifSystemId, chosen, range.data) });
  };

  const title = (
    <Title order={1} fz={{ base: 26, sm: 32 }}>
      {t('healthSummary.title')}
    </Title>
  );
  if (!systemsAnswer.data) {
    return systemsAnswer.isError ? title : <DelayedLoader label={t('app.loading')} />;
  }

  const view = summaryView({
    systemIds,
    chosen,
    range: answerOf(range),
    mostRecent: answerOf(mostRecent),
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        {title}
        {systems.length > 0 && (
          <Button variant="outline" onClick={() => setOptionsOpen(true)} data-testid="options-button">
            {t('healthSummary.options.button')}
          </Button>
        )}
      </Group>
      {systems.length === 0 ? (
        // As the dashboard's button and the user menu say (issue 32, finding 14): nothing to show, not an empty page.
        <Text data-testid="no-health-summary">{t(CCDA_NOT_CONFIGURED)}</Text>
      ) : (
        <Text className={classes.intro}>{t('healthSummary.intro')}</Text>
      )}
      <SummaryView
        view={view}
        patientId={patientId}
        systemName={systemName}
        printClassName={classes.printArea!}
        onView={viewEntry}
        onViewAll={viewAll}
        onViewVersion={(identifier) => setChosen({ kind: 'summary', identifier })}
      />
      {systems.length > 0 && (
        <OptionsModal
          patientId={patientId}
          opened={optionsOpen}
          systems={systems}
          initial={options ? reopenedOptions(options, systemIds) : initialOptions(today, systemIds)}
          today={today}
          onApply={apply}
          onClose={() => setOptionsOpen(false)}
        />
      )}
    </Stack>
  );
}
