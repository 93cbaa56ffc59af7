import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import type { KioskPatientRow } from '@portal/contracts';
import { DateField } from '../../../components/DateField';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { SortableTable, type SortableColumn } from '../../../components/SortableTable';
import { ApiError } from '../../../lib/api';
import { api, messageBar } from '../../../lib/api-instance';
import { dayIn, formatDay } from '../../../lib/dates';
import { useFacility } from '../../../lib/facility-context';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { logout } from '../../../shared/api/logout';
import { usePageTitle } from '../../../lib/use-page-title';
import { kioskPatientsQuery } from '../api/due-patients';
import { kioskFacilitiesQuery } from '../api/facilities';
import { initiateKioskLogon } from '../api/initiate-logon';
import { StartQuestionnaireModal } from '../components/StartQuestionnaireModal';
import { ALL_FACILITIES, nameSortValue, patientKioskLoginUrl, patientName, rowsOfFacility } from '../lib/kiosk';

/** /kioskQuestionnaires: the kiosk staff's home. Only kiosk management sessions may use it. */
export function Component() {
  usePageTitle('kiosk.title');
  if (api.session.get()?.loginType.toLowerCase() !== 'patientkioskmanagement') {
    return <Navigate to="/kioskLogin" replace />;
  }
  return <KioskQuestionnairesView />;
}

const featureInactive = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.code === 'feature_inactive';

/**
 * The patients with questionnaires due on a day (today unless the staff picks another), of every facility the
 * staff serves or one of them. Start asks 'Start Questionnaire?'; Yes ends the staff's session and opens the
 * patient's kiosk session on the patient's facility's address (spec 001 sections 2 and 4).
 */
function KioskQuestionnairesView() {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const [today] = useState(() => dayIn(Date.now(), facility.timeZone.id));
  const [dueDate, setDueDate] = useState(today);
  const [facilityFilter, setFacilityFilter] = useState(ALL_FACILITIES);
  const [chosen, setChosen] = useState<KioskPatientRow | null>(null);
  const [starting, setStarting] = useState(false);

  const patients = useQuery({ ...kioskPatientsQuery(dueDate, locale), placeholderData: (previous) => previous });
  const facilities = useQuery(kioskFacilitiesQuery());
  const inactive = featureInactive(patients.error);
  useLoadErrorMessage(inactive ? null : patients.error);
  useLoadErrorMessage(facilities.error);

  const rows = useMemo(() => rowsOfFacility(patients.data ?? [], facilityFilter), [patients.data, facilityFilter]);

  const start = async () => {
    if (!chosen) return;
    setStarting(true);
    try {
      const logon = await initiateKioskLogon(chosen.patientId);
      const target = patientKioskLoginUrl(logon, chosen.patientId);
      // The device goes to the patient: the staff's session ends first, so nothing of the list stays behind.
      await logout();
      window.location.assign(target);
    } catch (error) {
      setStarting(false);
      setChosen(null);
      if (!(error instanceof ApiError && error.isSessionTimeout)) {
        messageBar.show({ type: 'error', key: 'kiosk.unspecified' });
      }
    }
  };

  const columns: SortableColumn<KioskPatientRow>[] = [
    {
      key: 'name',
      header: t('kiosk.columns.patient'),
      cell: (row) => (
        <Text component="span" fw={600}>
          {patientName(row)}
        </Text>
      ),
      sortValue: nameSortValue,
      primary: true,
    },
    {
      key: 'dateOfBirth',
      header: t('kiosk.columns.dateOfBirth'),
      cell: (row) => formatDay(row.dateOfBirth),
      sortValue: (row) => row.dateOfBirth,
    },
    { key: 'mrn', header: t('kiosk.columns.mrn'), cell: (row) => row.mrn, sortValue: (row) => row.mrn },
    {
      key: 'facility',
      header: t('kiosk.columns.facility'),
      cell: (row) => row.facilityShortName,
      sortValue: (row) => row.facilityShortName,
    },
    {
      key: 'count',
      header: t('kiosk.columns.count'),
      cell: (row) => row.questionnaireTitles.length,
      sortValue: (row) => row.questionnaireTitles.length,
    },
    {
      key: 'start',
      header: t('kiosk.columns.action'),
      cell: (row) =>
        row.canStartByPatient ? (
          <Button size="sm" onClick={() => setChosen(row)} aria-label={t('kiosk.startFor', { name: patientName(row) })}>
            {t('kiosk.start.button')}
          </Button>
        ) : (
          <Text component="span" fz="sm" c="gray.8">
            {t('kiosk.notYetActive')}
          </Text>
        ),
      primary: true,
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {t('kiosk.title')}
      </Title>
      <Group align="flex-end" gap="md">
        <DateField
          label={t('kiosk.dueDate')}
          value={dueDate}
          // The list is always of a day: emptying the field keeps the day it shows.
          onChange={(day) => day && setDueDate(day)}
          minDate="2000-01-01"
          maxDate="2100-12-31"
          today={today}
          required
          w={{ base: '100%', xs: 220 }}
        />
        <NativeSelect
          label={t('kiosk.facility')}
          value={facilityFilter}
          onChange={(e) => setFacilityFilter(e.currentTarget.value)}
          data={[
            { value: ALL_FACILITIES, label: t('kiosk.allFacilities') },
            ...(facilities.data ?? []).map((f) => ({ value: String(f.facilityId), label: f.facilityShortName })),
          ]}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {inactive ? (
        <Alert color="red" variant="light" role="alert" title={t('kiosk.featureInactiveTitle')}>
          {t('kiosk.featureInactive')}
        </Alert>
      ) : !patients.data ? (
        patients.error ? null : (
          <DelayedLoader label={t('app.loading')} />
        )
      ) : (
        <>
          <Text role="status" aria-live="polite">
            {t('kiosk.showing', { count: rows.length, date: formatDay(dueDate) })}
          </Text>
          <SortableTable
            caption={t('kiosk.tableCaption', { date: formatDay(dueDate) })}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.patientId}
            rowLabel={patientName}
            defaultSort={{ column: 'name', direction: 'asc' }}
            emptyText={t('kiosk.noItems')}
          />
        </>
      )}
      <StartQuestionnaireModal
        patient={chosen}
        starting={starting}
        onConfirm={() => void start()}
        onClose={() => setChosen(null)}
      />
    </Stack>
  );
}
