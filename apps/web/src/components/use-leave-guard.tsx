import { useCallback, useRef } from 'react';
import { CancelConfirmModal } from './CancelConfirmModal';
import { api } from '../lib/api-instance';
import { useBlocker } from '../lib/blocking-router';

/**
 * While `dirty`, leaving the page (Cancel, a link, Back) first asks 'Are you sure?' (spec 001 section 2);
 * confirming leaves and loses the changes, declining stays. `leaveFreely` lets the page itself navigate after a
 * save or submit, and a session that has ended (a time-out, Log Out) always leaves: there is nothing left to keep
 * the user for, and the changes could no longer be saved. `onConfirmLeave` runs before leaving on a confirm (a
 * form that saved drafts on the server takes them back there, so that what the dialog says is what happens).
 */
export interface LeaveHandling {
  /** Runs before leaving for `pathname` on a confirm. */
  onConfirmLeave?: (pathname: string) => Promise<void>;
  /** The dialog's message for leaving for `pathname` (a language-pack key), when not the spec's. */
  messageKey?: (pathname: string) => string | undefined;
}

export function useLeaveGuard(dirty: boolean, handling: LeaveHandling = {}) {
  const free = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !free.current &&
      Boolean(api.session.get()?.isAuthenticated) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const leaveFreely = useCallback(() => {
    free.current = true;
  }, []);
  const next = blocker.location?.pathname ?? '';
  const modal = (
    <CancelConfirmModal
      opened={blocker.state === 'blocked'}
      messageKey={handling.messageKey?.(next)}
      onConfirm={() => {
        const leaving = handling.onConfirmLeave ? handling.onConfirmLeave(next) : Promise.resolve();
        void leaving.finally(() => blocker.proceed?.());
      }}
      onDismiss={() => blocker.reset?.()}
    />
  );
  return { modal, leaveFreely };
}
