import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { HealthSummaryEntry } from '@portal/contracts';
import { Link } from 'react-router';
import { SortableTable, type SortableColumn } from '../../../components/SortableTable';
import { formatDay } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';

/**
 * Several summaries in the chosen range (spec 002, 2.7): a table of their dates, newest first, each with View; all
 * of them together; and the way back to the home page.
 */
export function SummaryDates({
  entries,
  systemName,
  onView,
  onViewAll,
}: {
  entries: readonly HealthSummaryEntry[];
  systemName: string | null;
  onView: (entry: HealthSummaryEntry) => void;
  onViewAll: () => void;
}) {
  const { t } = useTranslation();
  const rowLabel = (entry: HealthSummaryEntry) => `${formatDay(entry.displayDate)} ${entry.title}`;
  const columns: SortableColumn<HealthSummaryEntry>[] = [
    {
      key: 'date',
      header: t('healthSummary.dates.date'),
      cell: (entry) => <time dateTime={entry.displayDate}>{formatDay(entry.displayDate)}</time>,
      sortValue: (entry) => entry.displayDate,
      primary: true,
    },
    {
      key: 'title',
      header: t('healthSummary.dates.document'),
      cell: (entry) => entry.title,
      sortValue: (entry) => entry.title,
    },
    {
      key: 'author',
      header: t('healthSummary.dates.author'),
      cell: (entry) => [entry.authorName, entry.organizationName].filter(Boolean).join(', ') || '—',
    },
    {
      key: 'view',
      header: t('healthSummary.dates.action'),
      cell: (entry) => (
        <Anchor
          component="button"
          type="button"
          fw={700}
          onClick={() => onView(entry)}
          aria-label={t('healthSummary.dates.viewOne', { document: rowLabel(entry) })}
        >
          {t('healthSummary.dates.view')}
        </Anchor>
      ),
      primary: true,
    },
  ];
  return (
    <Stack gap="md" data-testid="summary-dates">
      <Text>
        {systemName ? t('healthSummary.dates.introFrom', { system: systemName }) : t('healthSummary.dates.intro')}
      </Text>
      <SortableTable
        caption={t('healthSummary.dates.caption')}
        columns={columns}
        rows={entries}
        rowKey={(entry) => entry.ccdaId}
        rowLabel={rowLabel}
        defaultSort={{ column: 'date', direction: 'desc' }}
        emptyText={t('healthSummary.empty')}
      />
      <Group gap="md" justify="space-between">
        <Anchor component={Link} to="/dashboard" fw={700}>
          {t('healthSummary.dates.back')}
        </Anchor>
        <Button variant="default" onClick={onViewAll}>
          {t('healthSummary.dates.viewAll', { count: entries.length })}
        </Button>
      </Group>
    </Stack>
  );
}
