import { Alert, Anchor, Container } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n';
import { messageBar } from '../../lib/api-instance';

/**
 * Tint (the library's light variant) and a darker accent for the title, edge, close icon and action;
 * the accents reach 4.5:1 on the tint (WCAG AA), the message itself is in the text colour.
 */
const TONES = {
  success: { color: 'green', accent: '#1e6b2f' },
  error: { color: 'red', accent: '#a51d24' },
  info: { color: 'blue', accent: '#0b4f8a' },
  warning: { color: 'orange', accent: '#8a3b00' },
  none: { color: 'gray', accent: '#3d4852' },
} as const;

/** Success, error, info and warning messages under the header, with a dismiss control. */
export function MessageBar() {
  const { t } = useTranslation();
  const message = useSyncExternalStore(
    (listener) => messageBar.subscribe(listener),
    () => messageBar.get(),
  );
  if (!message) return null;
  const urgent = message.type === 'error' || message.type === 'warning';
  const tone = TONES[message.type];
  return (
    <Container size="lg" pt="md" w="100%" data-testid="message-bar">
      <Alert
        variant="light"
        color={tone.color}
        title={t(`messageBar.${message.type}`)}
        role={urgent ? 'alert' : 'status'}
        withCloseButton
        closeButtonLabel={t('messageBar.dismiss')}
        onClose={() => messageBar.dismiss()}
        styles={{
          root: { borderInlineStart: `4px solid ${tone.accent}` },
          title: { color: tone.accent },
          message: { color: 'var(--mantine-color-text)' },
          closeButton: { color: tone.accent },
        }}
      >
        {message.text ?? (message.key ? t(message.key, message.params) : '')}
        {message.action && (
          <>
            {' '}
            <Anchor
              component="button"
              type="button"
              fz="inherit"
              fw={600}
              c={tone.accent}
              underline="always"
              onClick={message.action.onAction}
            >
              {t(message.action.key)}
            </Anchor>
          </>
        )}
      </Alert>
    </Container>
  );
}
