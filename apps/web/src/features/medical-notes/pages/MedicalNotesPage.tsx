import { Badge, Group, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MedicalNote } from '@portal/contracts';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { useRevealWhenReady } from '../../../lib/page-loading';
import {
  MONTH_FILTERS,
  monthFilterLabelKey,
  parseMonthFilter,
  type MonthFilter,
} from '../../../components/date-filters';
import { FilterPanel } from '../../../components/FilterPanel';
import { ALL, optionsWithAll, validChoice } from '../../../components/filters';
import { ItemList, type ListItem } from '../../../components/ItemList';
import { MasterDetail } from '../../../components/MasterDetail';
import { refreshBadges } from '../../../lib/badges';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { useListSelection } from '../../../shared/list-selection';
import { modulePage, type ModulePageProps } from '../../../shared/module-page';
import { isIPad, isMobileUserAgent, useCompactLayout } from '../../../lib/layout-size';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { fetchPreferenceAhead, useSavedPreference } from '../../../shared/api/preferences';
import { recordViewAudit, useViewAudit } from '../../../shared/api/view-audit';
import { fetchMedicalNotesAhead, medicalNotesQuery } from '../api/medical-notes';
import { notReviewedCountQuery } from '../api/not-reviewed-count';
import { notePageUrl } from '../api/page-url';
import { setNoteAsReviewed } from '../api/set-as-reviewed';
import { NoteViewer } from '../components/NoteViewer';
import {
  addressWithNote,
  clearedFilters,
  DATE_PREFERENCE,
  DEFAULT_DATE_FILTER,
  listServiceDate,
  matchesNoteFilters,
  noteFromAddress,
  type NoteSelection,
  statusKey,
  VIEW_AUDIT_EVENT,
  VIEW_DETAIL_AUDIT_EVENT,
  type NoteFilters,
} from '../lib/medical-notes';
import { capabilityReader } from '../../../lib/capabilities';
import type { PagePrefetch } from '../../../lib/fetch-ahead';

/** /medical-notes: the patient's published medical notes, a list and the note's pages (spec 002, 2.4). */
export const Component = modulePage('MedicalNotes', 'medicalNotes.title', MedicalNotesView);

/**
 * The page's first calls, asked for as the app starts on this page (see app/session-ahead.ts): the list, and the
 * saved date filter it waits for.
 */
export const prefetch: PagePrefetch = ({ userId, patientId, capabilities }) => {
  if (!capabilityReader(capabilities).hasModule('MedicalNotes')) return;
  void fetchMedicalNotesAhead(patientId);
  void fetchPreferenceAhead(userId, DATE_PREFERENCE);
};

function MedicalNotesView({ patientId, userId }: ModulePageProps) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const queryClient = useQueryClient();
  const notes = useQuery(medicalNotesQuery(patientId));
  const count = useQuery(notReviewedCountQuery(patientId));
  const preference = useSavedPreference(userId, DATE_PREFERENCE);
  useViewAudit(VIEW_AUDIT_EVENT, userId, patientId);
  useLoadErrorMessage(notes.error);
  // A failed mark-as-reviewed or page URL: the server's message in the message bar.
  const [actionError, setActionError] = useState<unknown>(null);
  useLoadErrorMessage(actionError);

  // The filters chosen on this visit; the date filter starts from the saved preference.
  const [chosen, setChosen] = useState<Partial<NoteFilters>>({});
  const [panelOpen, setPanelOpen] = useState<boolean | null>(null);
  const savedDate = parseMonthFilter(preference.value, DEFAULT_DATE_FILTER);
  const filters: NoteFilters = { ...clearedFilters(), date: savedDate, ...chosen };
  // Opens by itself when a saved filter is at work, so the user sees why notes are missing.
  const opened = panelOpen ?? savedDate !== DEFAULT_DATE_FILTER;

  // Phones and tablets (by user agent) show a page as the tab's own document, not in a frame (spec 002 2.4).
  const mobile = useMemo(() => isMobileUserAgent() || isIPad(), []);
  const [opening, setOpening] = useState(false);
  // The audit and review calls of the note just opened: leaving for a page would cancel them, so they finish first.
  const pending = useRef<Promise<unknown>>(Promise.resolve());
  const compact = useCompactLayout();

  const data = notes.data;
  const options = useMemo(() => {
    const all = t('medicalNotes.filters.all');
    return {
      documentType: optionsWithAll(data?.map((n) => n.documentType) ?? [], all, locale),
      authoredBy: optionsWithAll(data?.map((n) => n.authoredBy) ?? [], all, locale),
      date: MONTH_FILTERS.map((value) => ({ value, label: t(monthFilterLabelKey(value)) })),
    };
  }, [data, t, locale]);
  const effective: NoteFilters = {
    date: filters.date,
    documentType: validChoice(filters.documentType, options.documentType),
    authoredBy: validChoice(filters.authoredBy, options.authoredBy),
  };
  const now = new Date();
  const shown = data && preference.loaded ? data.filter((n) => matchesNoteFilters(n, effective, now)) : undefined;

  // The note shown and its page; opening a note (again) starts on page 1. A filter that hides the note
  // closes it (shared/list-selection). Both live in the address too (?note=&page=): back from a page opened in
  // the whole tab, the same note shows at the same page, with its page navigator and the way back to the list.
  const [search, setSearch] = useSearchParams();
  const [fromAddress] = useState(() => noteFromAddress(search));
  const [selected, setSelected] = useListSelection<NoteSelection, number>(
    shown?.map((n) => n.ptMedicalNoteId),
    (s) => s.noteId,
    fromAddress,
  );
  useEffect(() => {
    const next = addressWithNote(search, selected);
    if (next.toString() !== search.toString()) setSearch(next, { replace: true, preventScrollReset: true });
  }, [search, selected, setSearch]);

  const saveDate = (date: MonthFilter) => preference.save(date);

  const markReviewed = async (note: MedicalNote) => {
    const listKey = medicalNotesQuery(patientId).queryKey;
    // The dot goes at once; the server's answer follows.
    queryClient.setQueryData(listKey, (list) =>
      list?.map((n) => (n.ptMedicalNoteId === note.ptMedicalNoteId ? { ...n, isReviewedByPatient: true } : n)),
    );
    await setNoteAsReviewed(patientId, note.ptMedicalNoteId).catch((error: unknown) => setActionError(error));
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: notReviewedCountQuery(patientId).queryKey });
    refreshBadges();
  };

  // Viewing a note: the detail view's audit event, and the note set as reviewed if it was not.
  const view = (note: MedicalNote) => {
    const audited = recordViewAudit(VIEW_DETAIL_AUDIT_EVENT, userId, patientId).catch(() => undefined);
    const reviewed = note.isReviewedByPatient ? Promise.resolve() : markReviewed(note);
    pending.current = Promise.all([audited, reviewed]);
  };

  const open = (noteId: number) => {
    const note = data?.find((n) => n.ptMedicalNoteId === noteId);
    if (!note) return;
    setActionError(null);
    setSelected({ noteId, page: 1 });
    view(note);
  };

  // A note restored from the address (a reload, or back from one of its pages) is viewed again, once.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !fromAddress || !shown) return;
    restored.current = true;
    const note = shown.find((n) => n.ptMedicalNoteId === fromAddress.noteId);
    if (note) view(note);
  });

  // Mobile devices: the browser goes to the page's own URL (spec 002 2.4); the address of this view keeps the
  // note and page, so Back returns here.
  const openPage = async (note: MedicalNote, pageNumber: number) => {
    setOpening(true);
    setActionError(null);
    try {
      await pending.current;
      window.location.assign(await notePageUrl(patientId, note.ptMedicalNoteId, pageNumber));
    } catch (error) {
      setActionError(error);
    } finally {
      setOpening(false);
    }
  };

  const revealed = useRevealWhenReady(Boolean(data && shown));
  if (notes.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('medicalNotes.title')}</Title>
      </Stack>
    );
  }
  if (!data || !shown || !revealed) return <PagePlaceholder label={t('app.loading')} />;

  const notReviewed = count.data ?? data.filter((n) => !n.isReviewedByPatient).length;
  const selectedNote = selected ? data.find((n) => n.ptMedicalNoteId === selected.noteId) : undefined;

  const items: ListItem[] = shown.map((n) => {
    const status = statusKey(n.status);
    return {
      itemId: n.ptMedicalNoteId,
      heading: n.documentType,
      subText: t('medicalNotes.subText', {
        author: n.authoredBy,
        date: listServiceDate(n.serviceDate, facility.timeZone.id, now),
      }),
      rightText: status ? t(status) : n.status,
      displayBadge: !n.isReviewedByPatient,
      badgeLabel: t('medicalNotes.notReviewed'),
    };
  });

  const select = (name: 'documentType' | 'authoredBy', label: string) => (
    <NativeSelect
      label={label}
      data={options[name]}
      value={effective[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setChosen((c) => ({ ...c, [name]: value }));
      }}
    />
  );

  const list = (
    <ItemList
      label={t('medicalNotes.listLabel')}
      items={items}
      selectedId={selectedNote?.ptMedicalNoteId ?? null}
      onSelect={(id) => open(Number(id))}
      emptyText={t(data.length === 0 ? 'medicalNotes.empty' : 'medicalNotes.noMatch')}
    />
  );

  const detail = selectedNote ? (
    <NoteViewer
      key={selectedNote.ptMedicalNoteId}
      note={selectedNote}
      patientId={patientId}
      page={Math.min(selected?.page ?? 1, Math.max(selectedNote.pages.length, 1))}
      onPageChange={(page) => setSelected((s) => (s ? { ...s, page } : s))}
      asDocument={mobile ? { opening, open: (pageNumber) => void openPage(selectedNote, pageNumber) } : undefined}
    />
  ) : data.length > 0 ? (
    <Paper withBorder radius="sm" p="xl">
      <Text ta="center" c="dimmed">
        {t('medicalNotes.hint')}
      </Text>
    </Paper>
  ) : null;

  return (
    <Stack gap="lg">
      <Group gap="sm" align="center" wrap="nowrap">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('medicalNotes.title')}
        </Title>
        {notReviewed > 0 && (
          <Badge size="lg" circle={notReviewed < 10} color="red.8" data-testid="medical-notes-count">
            <span aria-hidden="true">{notReviewed}</span>
            <VisuallyHidden>{t('medicalNotes.badge', { count: notReviewed })}</VisuallyHidden>
          </Badge>
        )}
      </Group>
      {/* On compact layouts the detail is a view of its own: the list's filters wait on the list. */}
      {!(compact && selectedNote) && (
        <FilterPanel
          opened={opened}
          onToggle={() => setPanelOpen(!opened)}
          onClear={() => {
            // The panel stays as it is shown (it would close by itself once All is saved).
            setPanelOpen(opened);
            setChosen({ documentType: ALL, authoredBy: ALL, date: DEFAULT_DATE_FILTER });
            saveDate(DEFAULT_DATE_FILTER);
          }}
          summary={
            <Text aria-live="polite" aria-atomic="true" fw={600}>
              {t('medicalNotes.showing', { shown: shown.length, total: data.length, count: data.length })}
            </Text>
          }
        >
          <NativeSelect
            label={t('dateFilter.label')}
            data={options.date}
            value={effective.date}
            onChange={(e) => {
              const date = parseMonthFilter(e.currentTarget.value, DEFAULT_DATE_FILTER);
              setPanelOpen(opened);
              setChosen((c) => ({ ...c, date }));
              saveDate(date);
            }}
          />
          {select('documentType', t('medicalNotes.filters.documentType'))}
          {select('authoredBy', t('medicalNotes.filters.authoredBy'))}
        </FilterPanel>
      )}
      <MasterDetail
        list={list}
        detail={detail}
        showDetail={selectedNote !== undefined}
        onBack={() => setSelected(null)}
        backLabel={t('medicalNotes.back')}
      />
    </Stack>
  );
}
