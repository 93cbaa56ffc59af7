import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { DateStatus } from '../lib/follow-up-plan';

/** Dark colours: the text keeps at least 7:1 on white and on the table's striped and hovered rows. */
const COLOURS: Record<DateStatus, string> = {
  completed: '#1b5e20',
  missed: '#6a1b9a',
  na: '#495057',
  overdue: '#b71c1c',
  scheduled: '#0d47a1',
  recommended: '#00574b',
};

export function StatusBadge({ status }: { status: DateStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      color={COLOURS[status]}
      radius="sm"
      tt="none"
      h="auto"
      py={2}
      maw="100%"
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
      data-testid="date-status"
      data-status={status}
    >
      {t(`followUpPlan.status.${status}`)}
    </Badge>
  );
}
