import { Anchor, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import {
  FOLLOW_UP_PLAN_FILTER_PREFERENCE,
  FOLLOW_UP_PLAN_FILTERS,
  FOLLOW_UP_PLAN_VIEW_AUDIT_EVENT,
  type FollowUpPlanFilter,
} from '@portal/contracts';
import type { FollowUpAppointment, FollowUpPlan } from '@portal/contracts';
import { PagePlaceholder } from '../../../components/PagePlaceholder';
import { SortableTable, type SortableColumn } from '../../../components/SortableTable';
import { formatListDate } from '../../../lib/dates';
import { useFacility } from '../../../lib/facility-context';
import { followUpLabel } from '../../../lib/follow-up-label';
import { useTranslation } from '../../../lib/i18n';
import { modulePage, type ModulePageProps } from '../../../shared/module-page';
import { useCompactLayout } from '../../../lib/layout-size';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { notificationSettingsQuery } from '../../../shared/api/notification-settings';
import { useSavedPreference } from '../../../shared/api/preferences';
import { useViewAudit } from '../../../shared/api/view-audit';
import { followUpPlanQuery } from '../api/follow-up-plan';
import { PlanDetails } from '../components/PlanDetails';
import { StatusBadge } from '../components/StatusBadge';
import { TaskMark } from '../components/TaskMark';
import {
  dateStatus,
  dueTime,
  filterRows,
  namedTasks,
  parseFilter,
  planRows,
  providerName,
  reminderKey,
  shownDate,
  taskOf,
} from '../lib/follow-up-plan';

/** /followup-plan: the patient's follow-up plan (spec 002 section 2.2). */
export const Component = modulePage('FollowUps', 'followUpPlan.title', FollowUpPlanView);

function FollowUpPlanView({ patientId, userId }: ModulePageProps) {
  const { t } = useTranslation();
  const plan = useQuery(followUpPlanQuery(patientId));
  const reminders = useQuery(notificationSettingsQuery(patientId, 'Followups'));
  const preference = useSavedPreference(userId, FOLLOW_UP_PLAN_FILTER_PREFERENCE);
  useViewAudit(FOLLOW_UP_PLAN_VIEW_AUDIT_EVENT, userId, patientId);
  // Spec 8: a failed load shows the generic error.
  useLoadErrorMessage(plan.error, { generic: true });

  const title = (
    <Title order={1} fz={{ base: 26, sm: 32 }}>
      {t('followUpPlan.title')}
    </Title>
  );
  if (plan.error) return <Stack gap="lg">{title}</Stack>;
  if (plan.isPending || !preference.loaded) return <PagePlaceholder label={t('app.loading')} />;

  return (
    <Stack gap="lg">
      {title}
      {reminders.data && (
        <Text>
          {t(reminderKey(reminders.data))}{' '}
          <Anchor component={Link} to="/account-settings" underline="always">
            {t('followUpPlan.reminders.change')}
          </Anchor>
        </Text>
      )}
      {plan.data ? (
        <PlanView
          plan={plan.data}
          filter={parseFilter(preference.value)}
          onFilter={(value) => preference.save(value)}
        />
      ) : (
        <Text data-testid="follow-up-empty">{t('followUpPlan.noPlan')}</Text>
      )}
    </Stack>
  );
}

function PlanView({
  plan,
  filter,
  onFilter,
}: {
  plan: FollowUpPlan;
  filter: FollowUpPlanFilter;
  onFilter: (filter: FollowUpPlanFilter) => void;
}) {
  const { t } = useTranslation();
  const facility = useFacility();
  const compact = useCompactLayout();
  const filterLabelId = useId();
  const zone = facility.timeZone.id;

  const rows = useMemo(() => planRows(plan), [plan]);
  const now = new Date();
  const shown = filterRows(rows, filter, now, zone);

  const label = (a: FollowUpAppointment) =>
    followUpLabel({ followUpLabel: a.label, followUpLabelParts: a.labelParts }, t);
  const dateText = (a: FollowUpAppointment) => {
    const { value, hasTime } = shownDate(a);
    return formatListDate(value, { timeZoneId: zone, now, hasTime });
  };

  const columns: SortableColumn<FollowUpAppointment>[] = [
    {
      key: 'label',
      header: t('followUpPlan.column.appointment'),
      cell: (a) => <Text fw={600}>{label(a)}</Text>,
      sortValue: (a) => a.labelParts.y * 12 + a.labelParts.m,
      primary: true,
    },
    {
      key: 'date',
      header: t('followUpPlan.column.date'),
      cell: (a) => {
        const { value } = shownDate(a);
        return (
          <Stack gap={4} align="flex-start">
            <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
              {dateText(a)}
            </time>
            <StatusBadge status={dateStatus(a, now, zone)} />
          </Stack>
        );
      },
      sortValue: (a) => dueTime(a, zone),
      primary: true,
    },
    {
      key: 'provider',
      header: t('followUpPlan.column.provider'),
      cell: (a) => providerName(a.provider),
      sortValue: (a) => providerName(a.provider),
    },
    ...(compact
      ? [
          {
            key: 'tasks',
            header: t('followUpPlan.recommendedCare'),
            cell: (a: FollowUpAppointment) => <TaskList item={a} plan={plan} />,
          },
        ]
      : plan.taskNames.map((name): SortableColumn<FollowUpAppointment> => ({
          key: `task-${name.key}`,
          header: name.value,
          cell: (a) => {
            const task = taskOf(a, name.key);
            if (!task) return null;
            return (
              <Stack gap={2} align="flex-start">
                <TaskMark done={task.isAddressed} />
                {task.taskNote && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {task.taskNote}
                  </Text>
                )}
              </Stack>
            );
          },
        }))),
  ];

  const emptyText = t(rows.length > 0 && filter === 'Upcoming' ? 'followUpPlan.noUpcoming' : 'followUpPlan.empty');

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Text id={filterLabelId} fw={600} size="sm">
            {t('followUpPlan.filterLabel')}
          </Text>
          <SegmentedControl
            aria-labelledby={filterLabelId}
            value={filter}
            onChange={(value) => onFilter(parseFilter(value))}
            data={FOLLOW_UP_PLAN_FILTERS.map((value) => ({ value, label: t(`followUpPlan.filter${value}`) }))}
          />
        </Stack>
        <PlanDetails plan={plan} />
      </Group>
      <SortableTable
        caption={t('followUpPlan.caption')}
        columns={columns}
        rows={shown}
        rowKey={(a) => a.ptFollowUpAppointmentId}
        rowLabel={(a) => `${label(a)} ${dateText(a)}`}
        defaultSort={{ column: 'date', direction: 'asc' }}
        emptyText={emptyText}
        collapsed={compact}
      />
    </>
  );
}

/** Compact layouts: the item's tasks with their state and notes ('Recommended for your follow-up care'). */
function TaskList({ item, plan }: { item: FollowUpAppointment; plan: FollowUpPlan }) {
  const tasks = namedTasks(item, plan.taskNames);
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
      {tasks.map((task) => (
        <li key={task.propertyCategoryId}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <TaskMark done={task.isAddressed} />
            <div>
              <Text>{task.name}</Text>
              {task.taskNote && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {task.taskNote}
                </Text>
              )}
            </div>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
