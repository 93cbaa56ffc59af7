import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { KioskPatientRow } from '@portal/contracts';
import { useTranslation } from '../../../lib/i18n';
import { formatDay } from '../../../lib/dates';
import { patientName } from '../lib/kiosk';

/**
 * 'Start Questionnaire?' (spec 001 section 2): whom the kiosk session is for and what they will answer. Yes
 * starts it; Cancel (or Escape) goes back to the list.
 */
export function StartQuestionnaireModal({
  patient,
  starting,
  onConfirm,
  onClose,
}: {
  /** The row whose Start was pressed; null keeps the modal closed. */
  patient: KioskPatientRow | null;
  starting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const details = patient
    ? [
        { label: t('kiosk.columns.patient'), value: patientName(patient) },
        { label: t('kiosk.columns.dateOfBirth'), value: formatDay(patient.dateOfBirth) },
        { label: t('kiosk.columns.mrn'), value: patient.mrn },
        { label: t('kiosk.columns.facility'), value: patient.facilityShortName },
      ]
    : [];
  return (
    <Modal
      opened={patient !== null}
      onClose={starting ? () => undefined : onClose}
      title={t('kiosk.start.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close'), disabled: starting }}
    >
      {patient && (
        <Stack gap="md">
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
            {details.map((detail) => (
              <Fragment key={detail.label}>
                <dt style={{ fontWeight: 700 }}>{detail.label}</dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{detail.value}</dd>
              </Fragment>
            ))}
          </dl>
          <div>
            <Text fw={700} id="kiosk-start-questionnaires">
              {t('kiosk.start.questionnaires')}
            </Text>
            <List aria-labelledby="kiosk-start-questionnaires" spacing={2} mt={4}>
              {patient.questionnaireTitles.map((title, index) => (
                <List.Item key={`${index}-${title}`}>{title}</List.Item>
              ))}
            </List>
          </div>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={starting} data-autofocus>
              {t('kiosk.start.cancel')}
            </Button>
            <Button onClick={onConfirm} loading={starting}>
              {t('kiosk.start.yes')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
