import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/** The generic "Are you sure?" dialog shown before leaving a form with changes. */
export function CancelConfirmModal({
  opened,
  messageKey = 'cancelConfirm.message',
  onConfirm,
  onDismiss,
}: {
  opened: boolean;
  /** What leaving does, when it is not "You'll lose any changes you've made." */
  messageKey?: string | undefined;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onDismiss}
      title={t('cancelConfirm.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="lg">{t(messageKey)}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDismiss} data-autofocus>
          {t('cancelConfirm.dismiss')}
        </Button>
        <Button color="red.8" onClick={onConfirm}>
          {t('cancelConfirm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
