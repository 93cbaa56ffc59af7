import { Button, Group, Modal, Text } from '@mantine/core';
import type { AssignedQuestionnaireSummary } from '@portal/contracts';
import { useTranslation } from '../../../lib/i18n';

/** 'Decline Questionnaire?': confirming declines it for good; Cancel (the default, and Escape) keeps it. */
export function DeclineModal({
  questionnaire,
  busy,
  onConfirm,
  onCancel,
}: {
  questionnaire: AssignedQuestionnaireSummary | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={questionnaire !== null}
      onClose={onCancel}
      title={t('questionnaires.declineTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="lg">{t('questionnaires.declineMessage', { title: questionnaire?.templateTitle ?? '' })}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color="red.8" onClick={onConfirm} loading={busy}>
          {t('questionnaires.declineConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}
