import { Text } from '@mantine/core';
import type { OfficeVisit } from '@portal/contracts';
import { formatDay } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';

/** A recent visit as the options list shows it: its date, then its type and provider (and system, of several). */
export function VisitLabel({ visit, showSystem }: { visit: OfficeVisit; showSystem: boolean }) {
  const { t } = useTranslation();
  const details = [
    visit.visitType ?? t('healthSummary.options.visitTypeUnknown'),
    visit.provider ?? t('healthSummary.options.providerUnknown'),
    ...(showSystem ? [visit.systemName] : []),
  ];
  return (
    <>
      <Text span fw={700} display="block">
        {formatDay(visit.encounterDate)}
      </Text>
      <Text span fz="sm" display="block">
        {details.join(' · ')}
      </Text>
    </>
  );
}
