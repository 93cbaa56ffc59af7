import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DownloadableItem } from '@portal/contracts';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { openUrlInNewWindow } from '../../../lib/documents';
import { useTranslation } from '../../../lib/i18n';
import { withUrlToken } from '../../../shared/api/url-tokens';
import { downloadableItemsQuery } from '../api/facility-pages';
import { facilityPage, type FacilityPageProps } from '../components/FacilityPage';
import { FileIcon } from '../components/FileIcon';
import { LoadError } from '../components/LoadError';
import { byViewOrder, fileKindOf, fileSizeKb } from '../lib/forms';

/** /download-forms (spec 002, 2.10): the facility's forms, each opened in a new window through a URL token. */
export const Component = facilityPage(
  'DownloadableItems',
  'downloadableForms',
  'facilityPages.downloadFormsTitle',
  DownloadFormsView,
);

function download(form: DownloadableItem) {
  openUrlInNewWindow(withUrlToken(form.url))
    .then((opened) => {
      if (!opened) messageBar.show({ type: 'error', key: 'facilityPages.popupBlocked' });
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.isSessionTimeout) return;
      const text = error instanceof ApiError && error.status > 0 ? error.message.trim() : '';
      messageBar.show(text ? { type: 'error', text } : { type: 'error', key: 'messages.unexpectedError' });
    });
}

function DownloadFormsView({ facilityId, locale }: FacilityPageProps) {
  const { t } = useTranslation();
  const forms = useQuery(downloadableItemsQuery(facilityId, locale));
  if (forms.isPending) return <DelayedLoader label={t('app.loading')} />;
  if (forms.isError) return <LoadError error={forms.error} />;
  if (forms.data.length === 0) return <Text>{t('facilityPages.noForms')}</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="form-list">
      {byViewOrder(forms.data).map((form) => {
        const kind = fileKindOf(form.contentType);
        const size = t('facilityPages.sizeKb', { size: fileSizeKb(form.fileSize, locale) });
        const type = t(`facilityPages.fileKind.${kind === 'other' ? 'unknown' : kind}`);
        return (
          <Paper component="li" key={form.downloadableItemId} withBorder radius="md" p="sm" data-testid="form-item">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <FileIcon kind={kind} />
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
                  {form.title}
                </Title>
                {form.description && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {form.description}
                  </Text>
                )}
                <Text size="sm" c="dimmed" data-testid="form-meta">
                  {type} · {size}
                </Text>
              </Stack>
              <Button
                variant="light"
                size="sm"
                onClick={() => download(form)}
                aria-label={t('facilityPages.downloadForm', { title: form.title })}
              >
                {t('facilityPages.download')}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
