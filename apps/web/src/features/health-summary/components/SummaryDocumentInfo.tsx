import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HealthSummaryIdentifier, HealthSummaryVersion } from '@portal/contracts';
import { useState } from 'react';
import { formatDay } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { downloadUrl } from '../api/download';
import { summaryEntryQuery } from '../api/summaries';
import { documentVersions } from '../lib/versions';
import { downloadInFrame, reportFailure } from './SummaryActions';

/**
 * What the page says beside one summary (issue 32, finding 13): the PDF an unstructured document holds, offered
 * as a download, and the document's other versions, each viewable (the list shows only the newest).
 */
export function SummaryDocumentInfo({
  patientId,
  identifier,
  onViewVersion,
}: {
  patientId: number;
  identifier: HealthSummaryIdentifier & { ccdaId: number };
  onViewVersion: (identifier: HealthSummaryIdentifier) => void;
}) {
  const { t, locale } = useTranslation();
  const entry = useQuery(summaryEntryQuery(patientId, identifier.ifSystemId, identifier.ccdaId));
  const [downloading, setDownloading] = useState(false);
  if (!entry.data) return null;

  const pdf = entry.data.attachmentType === 'application/pdf';
  const versions = documentVersions(entry.data);
  if (!pdf && !versions) return null;

  const downloadPdf = async () => {
    setDownloading(true);
    try {
      downloadInFrame(await downloadUrl(patientId, identifier, 'pdf', locale));
    } catch (error) {
      reportFailure(error, 'healthSummary.downloadFailed');
    } finally {
      setDownloading(false);
    }
  };
  const versionName = (version: HealthSummaryVersion) =>
    version.versionNumber === null
      ? formatDay(version.displayDate)
      : t('healthSummary.versions.name', { number: version.versionNumber, date: formatDay(version.displayDate) });
  const versionLinks = (list: HealthSummaryVersion[], labelKey: string, testId: string) =>
    list.length > 0 && (
      <Group gap="xs" data-testid={testId}>
        <Text fz="sm">{t(labelKey)}</Text>
        {list.map((version) => (
          <Anchor
            key={version.ccdaId}
            component="button"
            type="button"
            fz="sm"
            fw={700}
            onClick={() => onViewVersion({ ...identifier, ccdaId: version.ccdaId })}
            aria-label={t('healthSummary.versions.view', { version: versionName(version) })}
          >
            {versionName(version)}
          </Anchor>
        ))}
      </Group>
    );

  return (
    <Stack gap="xs" data-testid="summary-document-info">
      {pdf && (
        <Group gap="sm" data-testid="summary-pdf">
          <Text fz="sm">{t('healthSummary.file.pdf')}</Text>
          <Button size="compact-sm" onClick={() => void downloadPdf()} loading={downloading}>
            {t('healthSummary.file.open')}
          </Button>
        </Group>
      )}
      {versions && (
        <Stack gap={4} data-testid="summary-versions">
          {versions.current !== null && (
            <Text fz="sm">{t('healthSummary.versions.current', { number: versions.current })}</Text>
          )}
          {versionLinks(versions.newer, 'healthSummary.versions.newer', 'summary-versions-newer')}
          {versionLinks(versions.earlier, 'healthSummary.versions.earlier', 'summary-versions-earlier')}
        </Stack>
      )}
    </Stack>
  );
}
