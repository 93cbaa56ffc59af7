import { TREATMENT_SUMMARY_VIEW_AUDIT_EVENT } from '@portal/contracts';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { refreshBadges } from '../../../lib/badges';
import { useCapabilities } from '../../../shared/api/capabilities';
import { useTranslation } from '../../../lib/i18n';
import { modulePage, type ModulePageProps } from '../../../shared/module-page';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { useViewAudit } from '../../../shared/api/view-audit';
import { treatmentSummaryQuery } from '../api/treatment-summary';
import { TreatmentGroup } from '../components/TreatmentGroup';
import { newItemCount, shownGroups, treatmentTypesAccess } from '../lib/treatment-summary';
import classes from '../components/TreatmentSummary.module.css';

// One of the contract's browser view events (constants/audit.ts BROWSER_AUDIT_EVENTS), checked by its type.
const VIEW_AUDIT_EVENT = TREATMENT_SUMMARY_VIEW_AUDIT_EVENT;

/** /treatment-summary (spec 002, 2.5): the patient's treatment summary, group by group. */
export const Component = modulePage('TreatmentSummary', 'treatmentSummary.title', TreatmentSummaryView);

function TreatmentSummaryView({ patientId, userId }: ModulePageProps) {
  const { t } = useTranslation();
  const access = treatmentTypesAccess(useCapabilities().hasField);
  const summary = useQuery(treatmentSummaryQuery(patientId));
  useViewAudit(VIEW_AUDIT_EVENT, userId, patientId);
  // A failed load stops the loader and shows the server's message (spec 002, section 8).
  useLoadErrorMessage(summary.error);

  // The load marked every item seen: the header badge asks again and drops to 0.
  const loaded = summary.isSuccess;
  useEffect(() => {
    if (loaded) refreshBadges();
  }, [loaded]);

  const groups = summary.data ? shownGroups(summary.data, access) : [];
  const newCount = newItemCount(groups);

  return (
    <Stack gap="lg">
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('treatmentSummary.title')}
        </Title>
        {newCount > 0 && (
          <>
            <span className={classes.headerBadge} aria-hidden="true" data-testid="treatment-summary-badge">
              {newCount > 99 ? '99+' : newCount}
            </span>
            <span className="portal-visually-hidden">{t('treatmentSummary.newCount', { count: newCount })}</span>
          </>
        )}
      </Group>
      {summary.isPending && <DelayedLoader label={t('app.loading')} />}
      {summary.data &&
        (groups.length === 0 ? (
          <Text role="status">{t('treatmentSummary.noItems')}</Text>
        ) : (
          <div className={classes.groups}>
            {groups.map((group) => (
              <TreatmentGroup key={group.group} group={group} />
            ))}
          </div>
        ))}
    </Stack>
  );
}
