import { useCallback, useRef } from 'react';
import { useBlocker } from 'react-router';
import { CancelConfirmModal } from '../../../components/CancelConfirmModal';

/**
 * While `dirty`, leaving the page (Cancel, a link, Back) first asks 'Are you sure?'; confirming leaves
 * and loses the changes, declining stays. `leaveFreely` lets the page itself navigate after a save.
 */
export function useLeaveGuard(dirty: boolean) {
  const free = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !free.current &&
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
