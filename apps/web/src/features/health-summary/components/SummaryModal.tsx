import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useBreakpoint } from '../../../lib/layout-size';

/**
 * The page's dialogs (options, Send by Email, Send Securely): large, the full screen on a phone. The form inside is
 * mounted only while open, so each opening starts from the values it is given, without old messages.
 */
export function SummaryModal({
  opened,
  title,
  testId,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'xsmall';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid={testId}
    >
      {opened && children}
    </Modal>
  );
}
