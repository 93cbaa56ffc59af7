import { LAB_RESULTS_VIEW_AUDIT_EVENT } from '@portal/contracts';
import { Box, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LAB_RESULT_DATE_PREFERENCE, type LabResultListItem } from '@portal/contracts';
import { monthFilterLabelKey, MONTH_FILTERS, parseMonthFilter } from '../../../components/date-filters';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { useRevealWhenReady } from '../../../lib/page-loading';
import { FilterPanel } from '../../../components/FilterPanel';
import { ALL, optionsWithAll, validChoice } from '../../../components/filters';
import { ItemList } from '../../../components/ItemList';
import { MasterDetail } from '../../../components/MasterDetail';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { refreshBadges } from '../../../lib/badges';
import { formatListDate } from '../../../lib/dates';
import { openBlobInNewWindow } from '../../../lib/documents';
import { useFacility } from '../../../lib/facility-context';
import { translateValue, useTranslation } from '../../../lib/i18n';
import { useListSelection } from '../../../shared/list-selection';
import { modulePage, type ModulePageProps } from '../../../shared/module-page';
import { useCompactLayout } from '../../../lib/layout-size';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { fetchPreferenceAhead, useSavedPreference } from '../../../shared/api/preferences';
import { useViewAudit } from '../../../shared/api/view-audit';
import { labResultQuery } from '../api/lab-result';
import { fetchLabResultsAhead, labResultsQuery } from '../api/lab-results';
import { notReviewedCountQuery } from '../api/not-reviewed-count';
import { fetchLabResultPdf } from '../api/print';
import { LabResultDetail } from '../components/LabResultDetail';
import {
  allProcedureNames,
  DEFAULT_DATE_FILTER,
  matchesFilters,
  resultHeading,
  type LabResultFilters,
} from '../lib/lab-results';
import { capabilityReader } from '../../../lib/capabilities';
import type { PagePrefetch } from '../../../lib/fetch-ahead';

// One of the contract's browser view events (constants/audit.ts BROWSER_AUDIT_EVENTS), checked by its type.
const VIEW_AUDIT_EVENT = LAB_RESULTS_VIEW_AUDIT_EVENT;

/** /test-results: published test results, list and detail side by side (one at a time on small windows). */
export const Component = modulePage('TestResults', 'labResults.title', LabResultsView);

/**
 * The page's first calls, asked for as the app starts on this page (see app/session-ahead.ts): the list, and the
 * saved date filter it waits for.
 */
export const prefetch: PagePrefetch = ({ userId, patientId, capabilities }) => {
  if (!capabilityReader(capabilities).hasModule('TestResults')) return;
  void fetchLabResultsAhead(patientId);
  void fetchPreferenceAhead(userId, LAB_RESULT_DATE_PREFERENCE);
};

function LabResultsView({ patientId, userId }: ModulePageProps) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const queryClient = useQueryClient();
  useViewAudit(VIEW_AUDIT_EVENT, userId, patientId);

  const compact = useCompactLayout();
  const results = useQuery(labResultsQuery(patientId));
  useLoadErrorMessage(results.error);
  const savedDate = useSavedPreference(userId, LAB_RESULT_DATE_PREFERENCE);

  const [chosen, setChosen] = useState<{ procedure: string; orderedBy: string }>({ procedure: ALL, orderedBy: ALL });
  const [panelOpen, setPanelOpen] = useState(false);
  const [printing, setPrinting] = useState(false);

  const list = results.data;
  const options = useMemo(() => {
    const all = t('labResults.filters.all');
    return {
      date: MONTH_FILTERS.map((value) => ({ value, label: t(monthFilterLabelKey(value)) })),
      procedure: optionsWithAll(allProcedureNames(list ?? []), all, locale),
      orderedBy: optionsWithAll(
        (list ?? []).map((r) => r.requestingPhysician),
        all,
        locale,
      ),
    };
  }, [list, t, locale]);

  const filters: LabResultFilters = {
    date: parseMonthFilter(savedDate.value, DEFAULT_DATE_FILTER),
    procedure: validChoice(chosen.procedure, options.procedure),
    orderedBy: validChoice(chosen.orderedBy, options.orderedBy),
  };
  const now = new Date();
  const shown =
    list && savedDate.loaded ? list.filter((r) => matchesFilters(r, filters, now, facility.timeZone.id)) : undefined;
  // A filter that hides the open result closes it (shared/list-selection).
  const [selectedId, setSelectedId] = useListSelection<number>(shown?.map((r) => r.labResultId));

  const detail = useQuery({ ...labResultQuery(patientId, selectedId ?? 0), enabled: selectedId !== null });
  useLoadErrorMessage(detail.error);

  // The server marked the result reviewed as it answered: ask for the list and the count again, and the
  // header's badges, so the result's New badge and the header count drop.
  const loadedId = detail.data?.labResultId;
  const loadedAt = detail.dataUpdatedAt;
  useEffect(() => {
    if (loadedId === undefined) return;
    void queryClient.invalidateQueries({ queryKey: labResultsQuery(patientId).queryKey });
    void queryClient.invalidateQueries({ queryKey: notReviewedCountQuery(patientId).queryKey });
    refreshBadges();
  }, [loadedId, loadedAt, patientId, queryClient]);

  const revealed = useRevealWhenReady(Boolean(list && shown));
  if (results.error) {
    return <Title order={1}>{t('labResults.title')}</Title>;
  }
  if (!list || !shown || !revealed) return <PagePlaceholder label={t('app.loading')} />;

  const print = (labResultId: number) => {
    setPrinting(true);
    openBlobInNewWindow(fetchLabResultPdf(patientId, labResultId, locale))
      .then((opened) => {
        if (!opened) messageBar.show({ type: 'error', key: 'labResults.printFailed' });
      })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.isSessionTimeout)) {
          messageBar.show({ type: 'error', key: 'labResults.printFailed' });
        }
      })
      .finally(() => setPrinting(false));
  };

  const subText = (r: LabResultListItem) => {
    const date = formatListDate(r.startDate, { timeZoneId: facility.timeZone.id });
    return r.requestingPhysician ? t('labResults.listSubText', { date, physician: r.requestingPhysician }) : date;
  };

  const listPane = (
    <ItemList
      label={t('labResults.listLabel')}
      badge="label"
      items={shown.map((r) => ({
        itemId: r.labResultId,
        heading: resultHeading(r, t('labResults.untitled')),
        subText: subText(r),
        rightText: r.externalStatus ? translateValue(t, 'labResults.resultStatus', r.externalStatus) : undefined,
        displayBadge: !r.isReviewedByPatient,
        badgeLabel: t('labResults.new'),
      }))}
      selectedId={selectedId}
      onSelect={(id) => setSelectedId(Number(id))}
      emptyText={t(list.length === 0 ? 'labResults.empty' : 'labResults.noMatch')}
    />
  );

  const detailPane =
    selectedId === null ? (
      <Text c="dimmed">{t('labResults.selectHint')}</Text>
    ) : detail.data && detail.data.labResultId === selectedId ? (
      <LabResultDetail result={detail.data} printing={printing} onPrint={() => print(selectedId)} />
    ) : detail.error ? null : (
      <DelayedLoader label={t('app.loading')} />
    );

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('labResults.title')}
      </Title>
      {/* On small windows the detail is a view of its own: the filters belong to the list. */}
      {!(compact && selectedId !== null) && (
        <FilterPanel
          opened={panelOpen}
          onToggle={() => setPanelOpen((open) => !open)}
          onClear={() => {
            setChosen({ procedure: ALL, orderedBy: ALL });
            savedDate.save(DEFAULT_DATE_FILTER);
          }}
          summary={
            <Text aria-live="polite" aria-atomic="true" fw={600}>
              {t('labResults.showing', { shown: shown.length, total: list.length, count: list.length })}
            </Text>
          }
        >
          <NativeSelect
            label={t('labResults.filters.date')}
            data={options.date}
            value={filters.date}
            onChange={(e) => savedDate.save(parseMonthFilter(e.currentTarget.value, DEFAULT_DATE_FILTER))}
          />
          <NativeSelect
            label={t('labResults.filters.procedure')}
            data={options.procedure}
            value={filters.procedure}
            onChange={(e) => {
              const procedure = e.currentTarget.value;
              setChosen((c) => ({ ...c, procedure }));
            }}
          />
          <NativeSelect
            label={t('labResults.filters.orderedBy')}
            data={options.orderedBy}
            value={filters.orderedBy}
            onChange={(e) => {
              const orderedBy = e.currentTarget.value;
              setChosen((c) => ({ ...c, orderedBy }));
            }}
          />
        </FilterPanel>
      )}
      <MasterDetail
        list={listPane}
        detail={
          <Box component="section" aria-label={t('labResults.detailLabel')}>
            {detailPane}
          </Box>
        }
        showDetail={selectedId !== null}
        onBack={() => setSelectedId(null)}
        backLabel={t('labResults.back')}
        listSpan={4}
      />
    </Stack>
  );
}
