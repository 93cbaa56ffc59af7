import { Alert, Container } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n';
import { messageBar } from '../../lib/api-instance';

const COLORS = { success: 'green.9', error: 'red.9', info: 'blue.9', warning: 'orange.9', none: 'gray' } as const;

/** Success, error, info and warning messages under the header, with a dismiss control. */
export function MessageBar() {
  const { t } = useTranslation();
  const message = useSyncExternalStore(
    (listener) => messageBar.subscribe(listener),
    () => messageBar.get(),
  );
  if (!message) return null;
  const urgent = message.type === 'error' || message.type === 'warning';
  return (
    <Container size="lg" pt="md" data-testid="message-bar">
      <Alert
        variant="light"
        color={COLORS[message.type]}
        title={t(`messageBar.${message.type}`)}
        role={urgent ? 'alert' : 'status'}
        withCloseButton
        closeButtonLabel={t('messageBar.dismiss')}
        onClose={() => messageBar.dismiss()}
        styles={{ message: { color: 'var(--mantine-color-text)' } }}
      >
        {message.text ?? (message.key ? t(message.key, message.params) : '')}
      </Alert>
    </Container>
  );
}
