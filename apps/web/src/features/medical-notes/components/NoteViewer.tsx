import { Box, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MedicalNote } from '@portal/contracts';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';
import { notePageUrlQuery } from '../api/page-url';
import { formatServiceDate, statusKey } from '../lib/medical-notes';
import { PageNavigator } from './PageNavigator';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One note: date of services, status, author, the care team's remarks, a page selector when there is more
 * than one page, and the page itself in a frame. The page number is the caller's, so it survives the switch
 * between the side-by-side and the one-view layouts (which mounts this afresh).
 *
 * On mobile devices (`asDocument`) a frame shows a PDF badly or not at all, so the page opens as the tab's own
 * document instead: a button opens the page chosen with the navigator (spec 002 2.4: the browser goes to the
 * note page URL), and the browser's Back returns to this view, to the other pages and the list.
 */
export function NoteViewer({
  note,
  patientId,
  page,
  onPageChange,
  asDocument,
}: {
  note: MedicalNote;
  patientId: number;
  page: number;
  onPageChange: (page: number) => void;
  asDocument?: { opening: boolean; open: (pageNumber: number) => void };
}) {
  const { t } = useTranslation();
  const total = note.pages.length;
  const current = note.pages[page - 1];
  const pageNumber = current?.pageNumber ?? page;
  const url = useQuery({
    ...notePageUrlQuery(patientId, note.ptMedicalNoteId, pageNumber),
    enabled: total > 0 && !asDocument,
  });
  const status = statusKey(note.status);
  // Browsers' PDF viewers: no thumbnail pane (the navigator pages the note), the page fitted to the width.
  const src = url.data && current?.contentType === 'application/pdf' ? `${url.data}#navpanes=0&view=FitH` : url.data;

  return (
    <Stack gap="md" component="section" aria-labelledby={`medical-note-${note.ptMedicalNoteId}`}>
      <Title order={2} fz={{ base: 22, sm: 26 }} id={`medical-note-${note.ptMedicalNoteId}`}>
        {note.documentType}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="xs" m={0}>
        <Field label={t('medicalNotes.dateOfServices')}>
          <time dateTime={note.serviceDate}>{formatServiceDate(note.serviceDate)}</time>
        </Field>
        <Field label={t('medicalNotes.status')}>{status ? t(status) : note.status}</Field>
        <Field label={t('medicalNotes.authoredBy')}>{note.authoredBy}</Field>
      </SimpleGrid>
      {note.noteToPatient && (
        <Box component="dl" m={0}>
          <Field label={t('medicalNotes.remarks')}>{note.noteToPatient}</Field>
        </Box>
      )}
      {total > 1 && <PageNavigator page={page} total={total} onChange={onPageChange} />}
      {total === 0 ? (
        <Text>{t('medicalNotes.noPages')}</Text>
      ) : asDocument ? (
        <Paper withBorder radius="sm" p="md">
          <Stack gap="sm">
            <Button size="md" fullWidth loading={asDocument.opening} onClick={() => asDocument.open(pageNumber)}>
              {total > 1 ? t('medicalNotes.openPage', { page, total }) : t('medicalNotes.openNote')}
            </Button>
            <Text size="sm">{t('medicalNotes.openHint')}</Text>
          </Stack>
        </Paper>
      ) : url.data ? (
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <iframe
            key={src}
            title={t('medicalNotes.frameTitle', { documentType: note.documentType, page, total })}
            src={src}
            style={{ display: 'block', width: '100%', height: 'max(480px, 75vh)', border: 0 }}
          />
        </Paper>
      ) : url.isError ? (
        <Text role="alert">{t('medicalNotes.pageFailed')}</Text>
      ) : (
        <DelayedLoader label={t('app.loading')} />
      )}
    </Stack>
  );
}
