import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** A question with a confirm button and Cancel (and optionally a third choice between them). */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  alternative,
  busy = false,
  danger = false,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A second answer, such as "Don't save". */
  alternative?: { label: string; onClick: () => void };
  busy?: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus disabled={busy}>
          {t('common.cancel')}
        </Button>
        {alternative && (
          <Button variant="default" onClick={alternative.onClick} disabled={busy}>
            {alternative.label}
          </Button>
        )}
        <Button color={danger ? 'red.8' : undefined} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
