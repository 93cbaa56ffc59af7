import { breakpointOf, type Breakpoint } from '@portal/contracts';
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The spec's window size (xsmall, small, medium, large) of the window now; follows resizing. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(
    subscribe,
    () => breakpointOf(window.innerWidth),
    () => 'large',
  );
}
