import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n';
import { messageBar } from '../../lib/api-instance';
import { Alert } from '../../components/light/controls';
import { ANCHOR_CLASS, Container } from '../../components/light/layout';

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
  const id = useId();
  const message = useSyncExternalStore(
    (listener) => messageBar.subscribe(listener),
    () => messageBar.get(),
  );
  if (!message) return null;
  const urgent = message.type === 'error' || message.type === 'warning';
  const tone = TONES[message.type];
  return (
    <Container style={{ paddingTop: 'var(--mantine-spacing-md)', width: '100%' }} data-testid="message-bar">
      <Alert
        id={id}
        color={tone.color}
        accent={tone.accent}
        title={t(`messageBar.${message.type}`)}
        role={urgent ? 'alert' : 'status'}
        closeLabel={t('messageBar.dismiss')}
        onClose={() => messageBar.dismiss()}
      >
        {message.text ?? (message.key ? t(message.key, message.params) : '')}
        {message.action && (
          <>
            {' '}
            <button
              className={ANCHOR_CLASS}
              data-underline="always"
              type="button"
              style={{ color: tone.accent, fontSize: 'inherit', fontWeight: 600 }}
              onClick={message.action.onAction}
            >
              {t(message.action.key)}
            </button>
          </>
        )}
      </Alert>
    </Container>
  );
}
