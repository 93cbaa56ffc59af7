import { Anchor, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { PERSONAL_DATA_SCHEMA_PATH, personalDataFileName } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { DateField } from '../../../components/DateField';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { ApiError } from '../../../lib/api';
import { messageBar } from '../../../lib/api-instance';
import { useCurrentPatient } from '../../../shared/api/current-patient';
import { dayIn } from '../../../lib/dates';
import { openUrlInNewWindow } from '../../../lib/documents';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { activityLogUrl, fetchPersonalData } from '../api/personal-data';
import {
  defaultActivityLogRange,
  validateActivityLogRange,
  type ActivityLogErrors,
  type ActivityLogRange,
} from '../lib/activity-log-form';
import { saveFile } from '../lib/save-file';

/** A failure the user is told about: nothing for a timed-out session, which says so itself. */
function reportFailure(error: unknown, key: string) {
  if (error instanceof ApiError && error.isSessionTimeout) return;
  messageBar.show({ type: 'error', key });
}

/**
 * /personal-data, Personal Data & Privacy (spec 002, 2.9): the activity log of the record shown (the patient's
 * own, or for a representative the patient they act for) in a new window, and the download of everything the
 * portal keeps about that patient. From the user menu; kiosk and link sessions have no user menu.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle('personalData.title');
  const { patientId, patient, profile } = useCurrentPatient();
  if (profile && profile.userId === null) return <Navigate to="/dashboard" replace />;
  if (patientId === null || !profile) return <PagePlaceholder label={t('app.loading')} />;
  return (
    <Stack gap="lg" key={patientId}>
      <Title order={1}>{t('personalData.title')}</Title>
      <ActivityLog patientId={patientId} />
      <DownloadPersonalData patientId={patientId} names={patient ?? null} />
    </Stack>
  );
}

function ActivityLog({ patientId }: { patientId: number }) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const id = useId();
  const [today] = useState(() => dayIn(Date.now(), facility.timeZone.id));
  const [range, setRange] = useState<ActivityLogRange>(() => defaultActivityLogRange(today));
  const [errors, setErrors] = useState<ActivityLogErrors>({});
  const [opening, setOpening] = useState(false);

  const change = (field: keyof ActivityLogRange, day: string | null) => {
    setRange((current) => ({ ...current, [field]: day }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const view = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateActivityLogRange(range);
    setErrors(found);
    const first = found.startDate ? 'startDate' : found.endDate ? 'endDate' : null;
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setOpening(true);
    try {
      const opened = await openUrlInNewWindow(activityLogUrl(patientId, range.startDate!, range.endDate!, locale));
      if (!opened) messageBar.show({ type: 'error', key: 'personalData.activityLog.popupBlocked' });
    } catch (error) {
      reportFailure(error, 'personalData.activityLog.failed');
    } finally {
      setOpening(false);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-heading`}>
      <form noValidate onSubmit={(event) => void view(event)} data-testid="activity-log-form">
        <Stack gap="md">
          <Title order={2} size="h3" id={`${id}-heading`}>
            {t('personalData.activityLog.heading')}
          </Title>
          <Text>{t('personalData.activityLog.intro')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={560}>
            <DateField
              id={`${id}-startDate`}
              label={t('personalData.activityLog.startDate')}
              value={range.startDate}
              maxDate={today}
              today={today}
              required
              error={errors.startDate ? t(errors.startDate) : undefined}
              onChange={(day) => change('startDate', day)}
            />
            <DateField
              id={`${id}-endDate`}
              label={t('personalData.activityLog.endDate')}
              value={range.endDate}
              maxDate={today}
              today={today}
              required
              error={errors.endDate ? t(errors.endDate) : undefined}
              onChange={(day) => change('endDate', day)}
            />
          </SimpleGrid>
          <div>
            <Button type="submit" loading={opening} aria-describedby={`${id}-new-window`}>
              {t('personalData.activityLog.view')}
            </Button>
            <Text id={`${id}-new-window`} size="sm" c="dimmed" mt={4}>
              {t('personalData.activityLog.opensNewWindow')}
            </Text>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}

function DownloadPersonalData({
  patientId,
  names,
}: {
  patientId: number;
  names: { firstName: string; lastName: string } | null;
}) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const id = useId();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const file = await fetchPersonalData(patientId, locale);
      const today = dayIn(Date.now(), facility.timeZone.id);
      saveFile(file, personalDataFileName(names?.firstName ?? '', names?.lastName ?? '', today));
    } catch (error) {
      reportFailure(error, 'personalData.messages.personaldatadownloadfailed');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-heading`}>
      <Stack gap="md" align="flex-start">
        <Title order={2} size="h3" id={`${id}-heading`}>
          {t('personalData.download.heading')}
        </Title>
        <Text>{t('personalData.download.intro')}</Text>
        <Button
          onClick={() => void download()}
          loading={downloading}
          disabled={!names}
          data-testid="download-personal-data"
        >
          {t('personalData.download.button')}
        </Button>
        <Anchor href={PERSONAL_DATA_SCHEMA_PATH} target="_blank" rel="noopener" size="sm">
          {t('personalData.download.schema')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
