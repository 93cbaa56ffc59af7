import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { refreshBadges } from '../../../lib/badges';
import { useCapabilities } from '../../../lib/capabilities';
import { useCurrentPatient } from '../../../lib/current-patient';
import { useTranslation } from '../../../lib/i18n';
import { useLoadErrorMessage } from '../../../lib/load-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewAudit } from '../../../lib/view-audit';
import { treatmentSummaryQuery } from '../api/treatment-summary';
import { TreatmentGroup } from '../components/TreatmentGroup';
import { newItemCount, shownGroups, treatmentTypesAccess, type TreatmentTypesAccess } from '../lib/treatment-summary';
import classes from '../components/TreatmentSummary.module.css';

const VIEW_AUDIT_EVENT = 'treatmentsummaryviewauditevent';

/** /treatment-summary (spec 002, 2.5): the patient's treatment summary, group by group. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle('treatmentSummary.title');
  const capabilities = useCapabilities();
  const { patientId, profile } = useCurrentPatient();
  if (capabilities.loaded && !capabilities.hasModule('TreatmentSummary')) return <Navigate to="/dashboard" replace />;
  if (patientId === null || !profile || !capabilities.loaded) return <DelayedLoader label={t('app.loading')} />;
  // Kiosk and link users have no user id; they never have the TreatmentSummary module either.
  if (profile.userId === null) return <Navigate to="/dashboard" replace />;
  return (
    <TreatmentSummaryView
      key={patientId}
      patientId={patientId}
      userId={profile.userId}
      access={treatmentTypesAccess(capabilities.hasField)}
    />
  );
}

function TreatmentSummaryView({
  patientId,
  userId,
  access,
}: {
  patientId: number;
  userId: number;
  access: TreatmentTypesAccess;
}) {
  const { t } = useTranslation();
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
