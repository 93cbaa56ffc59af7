import { APPOINTMENTS_VIEW_AUDIT_EVENT } from '@portal/contracts';
import { Anchor, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '@portal/contracts';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { FilterPanel } from '../../../components/FilterPanel';
import { ALL, optionsWithAll, validChoice } from '../../../components/filters';
import { SortableTable, type SortableColumn } from '../../../components/SortableTable';
import { useFacility } from '../../../lib/facility-context';
import { useSavedPreference } from '../../../shared/api/preferences';
import { notificationSettingsQuery } from '../../../shared/api/notification-settings';
import { timeZoneName } from '../../../lib/dates';
import { translateValue, useTranslation, type Translate } from '../../../lib/i18n';
import { modulePage, type ModulePageProps } from '../../../shared/module-page';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { useViewAudit } from '../../../shared/api/view-audit';
import { appointmentsQuery } from '../api/appointments';
import {
  appointmentDateParts,
  appointmentDateText,
  DATE_FILTERS,
  DATE_PREFERENCE,
  DEFAULT_FILTERS,
  matchesFilters,
  parseDateFilter,
  reminderKey,
  type AppointmentFilters,
  type DateFilter,
} from '../lib/appointments';

// One of the contract's browser view events (constants/audit.ts BROWSER_AUDIT_EVENTS), checked by its type.
const VIEW_AUDIT_EVENT = APPOINTMENTS_VIEW_AUDIT_EVENT;

// Statuses and types in the user's language (a facility's own wording stays as it is).
const statusLabel = (t: Translate, status: string) => translateValue(t, 'appointmentsPage.status', status);
const typeLabel = (t: Translate, type: string) => translateValue(t, 'appointmentsPage.type', type);

/** /appointments: every appointment of the patient, filtered, sorted and counted. */
export const Component = modulePage('Appointments', 'appointmentsPage.title', AppointmentsView);

function AppointmentsView({ patientId, userId }: ModulePageProps) {
  const { t, locale } = useTranslation();
  const facility = useFacility();
  const appointments = useQuery(appointmentsQuery(patientId));
  const reminders = useQuery(notificationSettingsQuery(patientId, 'Appointments'));
  const preference = useSavedPreference(userId, DATE_PREFERENCE);

  // The filters the user chose on this visit; the date filter starts from the saved preference.
  const [chosen, setChosen] = useState<Partial<AppointmentFilters>>({});
  const [panelOpen, setPanelOpen] = useState<boolean | null>(null);
  const savedDate: DateFilter = parseDateFilter(preference.value);
  const filters: AppointmentFilters = { ...DEFAULT_FILTERS, date: savedDate, ...chosen };
  // Opens by itself when a saved filter is at work, so the user sees why rows are missing.
  const opened = panelOpen ?? savedDate !== 'All';

  useViewAudit(VIEW_AUDIT_EVENT, userId, patientId);

  const failed = appointments.error;
  useLoadErrorMessage(failed, { generic: true });

  const data = appointments.data;
  const options = useMemo(() => {
    const all = t('appointmentsPage.filters.all');
    return {
      status: optionsWithAll(data?.statuses ?? [], all, locale, (status) => statusLabel(t, status)),
      type: optionsWithAll(data?.appointmentTypes ?? [], all, locale, (type) => typeLabel(t, type)),
      provider: optionsWithAll(data?.providers ?? [], all, locale),
      date: DATE_FILTERS.map((value) => ({ value, label: t(`appointmentsPage.filters.date${value}`) })),
    };
  }, [data, t, locale]);
  const effective: AppointmentFilters = {
    status: validChoice(filters.status, options.status),
    type: validChoice(filters.type, options.type),
    provider: validChoice(filters.provider, options.provider),
    date: filters.date,
  };

  const saveDate = (date: DateFilter) => preference.save(date);

  if (failed) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('appointmentsPage.title')}</Title>
      </Stack>
    );
  }
  if (!data || !preference.loaded) return <PagePlaceholder label={t('app.loading')} />;

  const total = data.appointments.filter((a) => !a.isFiltered).length;
  const shown = data.appointments.filter((a) => matchesFilters(a, effective));
  const anyTime = shown.some((a) => a.hasTimePart);
  const dateText = (a: Appointment) => appointmentDateText(a, facility.timeZone.id);

  const columns: SortableColumn<Appointment>[] = [
    {
      key: 'date',
      header: t('appointmentsPage.columns.date'),
      cell: (a) => {
        // The line may break between the date and the time, never inside the time.
        const { date, time } = appointmentDateParts(a, facility.timeZone.id);
        return (
          <time dateTime={a.date}>
            {date}
            {time !== null && (
              <>
                {' '}
                <span style={{ whiteSpace: 'nowrap' }}>{time}</span>
              </>
            )}
          </time>
        );
      },
      sortValue: (a) => Date.parse(a.date),
      primary: true,
    },
    {
      key: 'provider',
      header: t('appointmentsPage.columns.provider'),
      cell: (a) => a.provider,
      sortValue: (a) => a.provider,
    },
    {
      key: 'type',
      header: t('appointmentsPage.columns.type'),
      cell: (a) => typeLabel(t, a.type),
      sortValue: (a) => typeLabel(t, a.type),
      primary: true,
    },
    {
      key: 'location',
      header: t('appointmentsPage.columns.location'),
      cell: (a) => a.location,
      sortValue: (a) => a.location,
    },
    {
      key: 'status',
      header: t('appointmentsPage.columns.status'),
      cell: (a) => statusLabel(t, a.status),
      sortValue: (a) => statusLabel(t, a.status),
    },
  ];

  const select = (name: Exclude<keyof AppointmentFilters, 'date'>, label: string) => (
    <NativeSelect
      label={label}
      data={options[name]}
      value={effective[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setPanelOpen(opened);
        setChosen((c) => ({ ...c, [name]: value }));
      }}
    />
  );

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('appointmentsPage.title')}
      </Title>
      {reminders.data && (
        <Text>
          {t(reminderKey(reminders.data))}{' '}
          <Anchor component={Link} to="/account-settings" underline="always">
            {t('appointmentsPage.reminders.change')}
          </Anchor>
        </Text>
      )}
      <FilterPanel
        opened={opened}
        onToggle={() => setPanelOpen(!opened)}
        onClear={() => {
          // The panel stays as it is: choosing All must not close it under the user's hands.
          setPanelOpen(opened);
          setChosen({ status: ALL, type: ALL, provider: ALL, date: 'All' });
          saveDate('All');
        }}
        summary={
          <Text aria-live="polite" aria-atomic="true" fw={600}>
            {t('appointmentsPage.showing', { shown: shown.length, total, count: total })}
          </Text>
        }
      >
        {select('status', t('appointmentsPage.filters.status'))}
        {select('type', t('appointmentsPage.filters.type'))}
        {select('provider', t('appointmentsPage.filters.provider'))}
        <NativeSelect
          label={t('appointmentsPage.filters.date')}
          data={options.date}
          value={effective.date}
          onChange={(e) => {
            const date = DATE_FILTERS.find((f) => f === e.currentTarget.value) ?? 'All';
            setPanelOpen(opened);
            setChosen((c) => ({ ...c, date }));
            saveDate(date);
          }}
        />
      </FilterPanel>
      <SortableTable
        caption={t('appointmentsPage.caption')}
        columns={columns}
        rows={shown}
        rowKey={(a) => a.id}
        rowLabel={(a) => `${dateText(a)} ${typeLabel(t, a.type)}`}
        defaultSort={{ column: 'date', direction: 'asc' }}
        emptyText={t(total === 0 ? 'appointmentsPage.empty' : 'appointmentsPage.noMatch')}
      />
      {anyTime && (
        <Text size="sm" c="dimmed">
          {t('appointmentsPage.timeZoneNote', {
            zone: timeZoneName(facility.timeZone.id, facility.timeZone.abbreviation, locale),
          })}
        </Text>
      )}
    </Stack>
  );
}
