import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HealthSummaryEntry, HealthSummaryIdentifier } from '@portal/contracts';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { summaryHtmlQuery } from '../api/summary-html';
import type { SummaryView as View } from '../lib/summary-view';
import { SummaryActions } from './SummaryActions';
import { SummaryDates } from './SummaryDates';
import { SummaryDocument } from './SummaryDocument';
import { SummaryDocumentInfo } from './SummaryDocumentInfo';

/** The body of the page for what summaryView decided: the summary, the dates, or why there is none. */
export function SummaryView({
  view,
  patientId,
  systemName,
  printClassName,
  onView,
  onViewAll,
  onViewVersion,
}: {
  view: View;
  patientId: number;
  systemName: (ifSystemId: number) => string | null;
  /** The class of what the print shows. */
  printClassName: string;
  onView: (entry: HealthSummaryEntry) => void;
  onViewAll: () => void;
  /** Another version of the summary shown, chosen beside it. */
  onViewVersion: (identifier: HealthSummaryIdentifier) => void;
}) {
  const { t } = useTranslation();
  switch (view.kind) {
    case 'loading':
      return <DelayedLoader label={t('app.loading')} />;
    case 'empty':
      return <EmptyText>{t('healthSummary.empty')}</EmptyText>;
    case 'chooseSystem':
      return <EmptyText>{t('healthSummary.severalSystems')}</EmptyText>;
    case 'emptyForSystem':
      return (
        <Stack gap="xs">
          <EmptyText>{t('healthSummary.emptyForSystem', { system: systemName(view.ifSystemId) ?? '' })}</EmptyText>
          <Text>{t('healthSummary.severalSystems')}</Text>
        </Stack>
      );
    case 'dates':
      return (
        <SummaryDates
          entries={view.entries}
          systemName={systemName(view.ifSystemId)}
          onView={onView}
          onViewAll={onViewAll}
        />
      );
    case 'summary':
      return (
        <SummaryWithText
          patientId={patientId}
          identifier={view.identifier}
          systemName={systemName(view.identifier.ifSystemId)}
          printClassName={printClassName}
          onViewVersion={onViewVersion}
        />
      );
  }
}

function EmptyText({ children }: { children: string }) {
  return (
    <Text fw={500} data-testid="summary-empty">
      {children}
    </Text>
  );
}

/** A summary: its text fetched (none: the empty text), then the actions and the text itself. */
function SummaryWithText({
  patientId,
  identifier,
  systemName,
  printClassName,
  onViewVersion,
}: {
  patientId: number;
  identifier: HealthSummaryIdentifier;
  systemName: string | null;
  printClassName: string;
  onViewVersion: (identifier: HealthSummaryIdentifier) => void;
}) {
  const { t, locale } = useTranslation();
  const html = useQuery(summaryHtmlQuery(patientId, identifier, locale));
  // A failure is the generic error; no document (a 404) is no summary, said by the empty text alone.
  useLoadErrorMessage(html.error, { generic: true });
  if (html.isPending) return <DelayedLoader label={t('app.loading')} />;
  if (html.isError || html.data === null) return <EmptyText>{t('healthSummary.empty')}</EmptyText>;
  return (
    <Stack gap="lg">
      <SummaryActions patientId={patientId} identifier={identifier} systemName={systemName} />
      {identifier.ccdaId !== null && (
        <SummaryDocumentInfo
          patientId={patientId}
          identifier={{ ...identifier, ccdaId: identifier.ccdaId }}
          onViewVersion={onViewVersion}
        />
      )}
      <SummaryDocument html={html.data} className={printClassName} />
    </Stack>
  );
}
