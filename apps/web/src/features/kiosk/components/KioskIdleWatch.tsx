import { Button, Group, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { loginProfileQuery } from '../../../shared/api/login-profile';
import { logout } from '../../../shared/api/logout';
import { keepSessionAlive } from '../api/keep-alive';
import { DEFAULT_KIOSK_IDLE_SECONDS, PING_EVERY_MS, idleState, type IdleState } from '../lib/idle';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/**
 * A kiosk user's session on the shared device: when nobody has touched the page for a while it warns, then ends
 * the session and returns to the kiosk start, before the server ends it (lib/idle.ts). Activity keeps the
 * server's session alive too; while the warning shows, only its own buttons count.
 */
export default function KioskIdleWatch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useQuery(loginProfileQuery());
  const idleSeconds = profile.data?.sessionIdleSeconds ?? DEFAULT_KIOSK_IDLE_SECONDS;
  // The session's last request to the server: its start, until the effect below begins to count.
  const lastRequest = useRef(0);
  const [state, setState] = useState<IdleState>({ kind: 'active' });
  const warning = state.kind === 'warning';
  const warningRef = useRef(false);
  useEffect(() => {
    warningRef.current = warning;
  }, [warning]);

  const touchServer = useCallback(() => {
    lastRequest.current = Date.now();
    keepSessionAlive().catch(() => undefined);
  }, []);

  const end = useCallback(async () => {
    setState({ kind: 'ended' });
    await navigate(await logout(), { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (lastRequest.current === 0) lastRequest.current = Date.now();
    const onActivity = () => {
      if (!warningRef.current && Date.now() - lastRequest.current >= PING_EVERY_MS) touchServer();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      const next = idleState(idleSeconds, Date.now() - lastRequest.current);
      if (next.kind === 'ended') {
        window.clearInterval(timer);
        void end();
        return;
      }
      setState((current) =>
        current.kind === next.kind &&
        (next.kind !== 'warning' || current.kind !== 'warning' || current.secondsLeft === next.secondsLeft)
          ? current
          : next,
      );
    }, 1000);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      window.clearInterval(timer);
    };
  }, [idleSeconds, end, touchServer]);

  const stay = () => {
    touchServer();
    setState({ kind: 'active' });
  };

  return (
    <Modal
      opened={warning}
      onClose={stay}
      title={t('kiosk.idle.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="lg" aria-live="polite">
        {t('kiosk.idle.message', { seconds: warning ? state.secondsLeft : 0 })}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => void end()}>
          {t('kiosk.idle.end')}
        </Button>
        <Button onClick={stay} data-autofocus>
          {t('kiosk.idle.continue')}
        </Button>
      </Group>
    </Modal>
  );
}
