import { Checkbox, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  EDUCATION_PREVIEW_PREFERENCE,
  EDUCATION_PREVIEW_SETTINGS,
  EDUCATION_VIEW_AUDIT_EVENT,
  type EducationArticle,
} from '@portal/contracts';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { MasterDetail } from '../../../components/MasterDetail';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { refreshBadges } from '../../../lib/badges';
import { openUrlInNewWindow } from '../../../lib/documents';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { useListSelection } from '../../../shared/list-selection';
import { modulePage, type ModulePageProps } from '../../../shared/module-page';
import { isIPad, useCompactLayout } from '../../../lib/layout-size';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { useSavedPreference } from '../../../shared/api/preferences';
import { useViewAudit } from '../../../shared/api/view-audit';
import { setArticleArchived } from '../api/archive';
import { archivedCountQuery } from '../api/archived-count';
import { educationArticlesQuery } from '../api/articles';
import { articleContentUrl } from '../api/content';
import { educationKey } from '../api/keys';
import { markArticleRead } from '../api/mark-read';
import { ArticleList } from '../components/ArticleList';
import { ArticlePreview } from '../components/ArticlePreview';
import {
  groupArticles,
  markReadLocally,
  offersPreviewChoice,
  parsePreviewSetting,
  previewMode,
} from '../lib/education';

/** /education-articles (spec 002 section 2.1): the articles the care team assigned, grouped by day and category. */
export const Component = modulePage('Education', 'education.title', EducationView);

/** An action failed: the server's message (or the generic one); a session time-out already says enough. */
function showActionError(error: unknown) {
  if (error instanceof ApiError && error.isSessionTimeout) return;
  const text = error instanceof ApiError && error.status > 0 ? error.message.trim() : '';
  messageBar.show(text ? { type: 'error', text } : { type: 'error', key: 'messages.unexpectedError' });
}

function EducationView({ patientId, userId }: ModulePageProps) {
  const { t } = useTranslation();
  const facility = useFacility();
  const queryClient = useQueryClient();
  const compact = useCompactLayout();
  const [iPad] = useState(() => isIPad());
  const [includeArchived, setIncludeArchived] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const archivedBox = useRef<HTMLInputElement>(null);

  useViewAudit(EDUCATION_VIEW_AUDIT_EVENT, userId, patientId);
  const articles = useQuery({
    ...educationArticlesQuery(patientId, includeArchived),
    // Ticking the box keeps the list on screen until the longer one arrives.
    placeholderData: (previous) => previous,
  });
  const archivedCount = useQuery(archivedCountQuery(patientId));
  const preference = useSavedPreference(userId, EDUCATION_PREVIEW_PREFERENCE);
  useLoadErrorMessage(articles.error);
  // The article in the frame; one the list no longer shows (archived while 'Show archived' is off, or the box
  // unticked) closes with its row (shared/list-selection).
  const [selectedId, setSelectedId] = useListSelection<number>(articles.data?.map((a) => a.articleId));

  const context = { iPad, compact };
  const setting = parsePreviewSetting(preference.value);
  const mode = previewMode(context, setting);
  const groups = useMemo(() => groupArticles(articles.data ?? []), [articles.data]);
  const selected = mode === 'frame' ? (articles.data?.find((a) => a.articleId === selectedId) ?? null) : null;

  const markRead = (article: EducationArticle) => {
    markArticleRead(article.articleId).then(() => {
      const now = new Date();
      queryClient.setQueriesData<EducationArticle[]>({ queryKey: [...educationKey(patientId), 'articles'] }, (old) =>
        old ? markReadLocally(old, article.articleId, now) : old,
      );
      refreshBadges();
    }, showActionError);
  };

  const open = (article: EducationArticle) => {
    if (mode === 'newWindow') {
      // Opens the window inside the click, so popup blockers let it through.
      openUrlInNewWindow(articleContentUrl(article.articleId)).then((opened) => {
        if (!opened) messageBar.show({ type: 'error', key: 'education.popupBlocked' });
      }, showActionError);
    } else {
      setSelectedId(article.articleId);
    }
    if (article.wasReadByPatient === null) markRead(article);
  };

  const archive = async (article: EducationArticle, isArchived: boolean) => {
    setBusyId(article.articleId);
    try {
      await setArticleArchived(article.articleId, isArchived);
      await queryClient.invalidateQueries({ queryKey: educationKey(patientId) });
      refreshBadges();
      messageBar.show({
        type: 'success',
        key: isArchived ? 'education.articleArchived' : 'education.articleUnarchived',
        params: { title: article.title },
      });
      if (isArchived && !includeArchived) {
        // The row is gone (and the frame with it): keep the keyboard nearby, on the box that can show it again.
        archivedBox.current?.focus();
      }
    } catch (error) {
      showActionError(error);
    } finally {
      setBusyId(null);
    }
  };

  const previewError = useCallback((error: unknown) => showActionError(error), []);

  const title = (
    <Title order={1} fz={{ base: 26, sm: 32 }}>
      {t('education.title')}
    </Title>
  );
  if (articles.error && !articles.data) return <Stack gap="lg">{title}</Stack>;
  if (!articles.data || !preference.loaded) return <PagePlaceholder label={t('app.loading')} />;

  const list =
    groups.length === 0 ? (
      <Text role="status" py="md">
        {t('education.empty')}
      </Text>
    ) : (
      <ArticleList
        groups={groups}
        timeZoneId={facility.timeZone.id}
        selectedId={selected?.articleId ?? null}
        opensInNewWindow={mode === 'newWindow'}
        busyId={busyId}
        onOpen={open}
        onArchive={(article, isArchived) => void archive(article, isArchived)}
      />
    );

  return (
    <Stack gap="lg">
      {title}
      <Group justify="space-between" align="flex-end" gap="md">
        <Checkbox
          ref={archivedBox}
          label={t('education.showArchived', { count: archivedCount.data ?? 0 })}
          checked={includeArchived}
          onChange={(e) => setIncludeArchived(e.currentTarget.checked)}
        />
        {offersPreviewChoice(context) && (
          <NativeSelect
            label={t('education.previewLabel')}
            data={EDUCATION_PREVIEW_SETTINGS.map((value) => ({ value, label: t(`education.preview.${value}`) }))}
            value={setting}
            onChange={(e) => preference.save(parsePreviewSetting(e.currentTarget.value))}
            w={{ base: '100%', xs: 260 }}
          />
        )}
      </Group>
      {mode === 'frame' ? (
        <MasterDetail
          list={list}
          detail={<ArticlePreview article={selected} onError={previewError} />}
          showDetail={false}
          onBack={() => setSelectedId(null)}
          backLabel={t('education.backToList')}
        />
      ) : (
        <div style={{ maxWidth: 760 }}>{list}</div>
      )}
    </Stack>
  );
}
