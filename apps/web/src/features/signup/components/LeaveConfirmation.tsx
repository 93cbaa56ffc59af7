import { useCallback, useRef } from 'react';
import { CancelConfirmModal } from '../../../components/CancelConfirmModal';
import { useBlocker } from '../../../lib/blocking-router';

/**
 * Asks 'Are you sure?' before the user leaves the page for a path `mayLeaveTo` does not allow
 * (links, Back, Cancel buttons alike). Confirming runs `onConfirm` (which clears held data) and
 * leaves; declining stays on the page with the same address. `leaveFreely` lets the page itself
 * navigate anywhere without asking (for example to login after an error).
 */
export function useLeaveConfirmation(mayLeaveTo: (pathname: string) => boolean, onConfirm: () => void) {
  const free = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !free.current &&
      currentLocation.pathname.toLowerCase() !== nextLocation.pathname.toLowerCase() &&
      !mayLeaveTo(nextLocation.pathname.toLowerCase()),
  );
  const leaveFreely = useCallback(() => {
    free.current = true;
  }, []);
  const modal = (
    <CancelConfirmModal
      opened={blocker.state === 'blocked'}
      onConfirm={() => {
        onConfirm();
        blocker.proceed?.();
      }}
      onDismiss={() => blocker.reset?.()}
    />
  );
  return { modal, leaveFreely };
}
