import { useDeferredValue, useEffect, useSyncExternalStore } from 'react';

// Whether the page is still loading (its code or its first answers): the footer waits for it, so it is not
// drawn at the bottom of an empty page only to be pushed down when the page arrives (a layout shift). A
// footer that appears late moves nothing. It shows after a while whatever happens: its links stay in reach.

const SHOW_ANYWAY_MS = 3000;

let loading = 0;
let overdue = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function start() {
  loading += 1;
  if (loading === 1) {
    overdue = false;
    timer = setTimeout(() => {
      overdue = true;
      notify();
    }, SHOW_ANYWAY_MS);
    notify();
  }
}

function stop() {
  loading -= 1;
  if (loading === 0) {
    clearTimeout(timer);
    notify();
  }
}

/** Marks the page as loading while the calling component is mounted (a page's placeholder). */
export function useMarkPageLoading(): void {
  useEffect(() => {
    start();
    return stop;
  }, []);
}

/** True while a page is loading, for at most a few seconds. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0 && !overdue,
  );
}

/**
 * Whether a page shows its first answers yet: `ready`, one render late when they arrive while the page waits.
 * Answers come through the query library's store, whose updates React renders at once and in one piece: a list or
 * the dashboard's sections held the main thread for one long task on a slow phone. One render late, they render
 * as a transition, in slices between which the browser stays responsive. A page whose answers are there as it
 * mounts (from the cache) shows them at once, without a blank frame.
 */
export function useRevealWhenReady(ready: boolean): boolean {
  return useDeferredValue(ready, ready);
}
