import { useCallback, useRef } from 'react';
import { CancelConfirmModal } from './CancelConfirmModal';
import { api } from '../lib/api-instance';
import { useBlocker } from '../lib/blocking-router';

/**
 * While `dirty`, leaving the page (Cancel, a link, Back) first asks 'Are you sure?' (spec 001 section 2);
 * confirming leaves and loses the changes, declining stays. `leaveFreely` lets the page itself navigate after a
 * save or submit, and a session that has ended (a time-out, Log Out) always leaves: there is nothing left to keep
 * the user for, and the changes could no longer be saved.
 */
export function useLeaveGuard(dirty: boolean) {
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
  const modal = (
    <CancelConfirmModal
      opened={blocker.state === 'blocked'}
      onConfirm={() => blocker.proceed?.()}
      onDismiss={() => blocker.reset?.()}
    />
  );
  return { modal, leaveFreely };
}
