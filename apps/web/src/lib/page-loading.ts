import { useDeferredValue, useEffect, useState, useSyncExternalStore } from 'react';

// Whether the page is still loading (its code or its first answers): the footer waits for it, so it is not
// drawn at the bottom of an empty page only to be pushed down when the page arrives (a layout shift). A
// footer that appears late moves nothing. It shows after a while whatever happens: its links stay in reach.

const SHOW_ANYWAY_MS = 3000;

let loading = 0;
let overdue = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const waiting = new Set<() => void>();

/** How long a shown page's next paint is waited for at most (a hidden tab paints nothing). */
const PAINT_WAIT_MS = 100;

/** Runs `callback` once the browser has painted what was just rendered. */
function afterNextPaint(callback: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, PAINT_WAIT_MS);
}

function runWaiting() {
  if (loading > 0 && !overdue) return;
  const callbacks = [...waiting];
  waiting.clear();
  callbacks.forEach((callback) => callback());
}

function notify() {
  listeners.forEach((listener) => listener());
  if (loading > 0 && !overdue) return;
  if (overdue) runWaiting();
  else if (waiting.size > 0) afterNextPaint(runWaiting);
}

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

/** Marks a page as loading until the function it answers is called. */
export function markPageLoading(): () => void {
  start();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    stop();
  };
}

/** Marks the page as loading while the calling component is mounted (a page's placeholder). */
export function useMarkPageLoading(): void {
  useEffect(markPageLoading, []);
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
 * Runs `callback` once no page is loading (at once when none is; else after the shown page's first paint), or once
 * loading has taken a few seconds; answers a function that cancels it. For the calls a page does not show: a
 * phone's browser has six connections to a host, and a call made while the page's own code and answers are on
 * their way waits in the same queue.
 */
export function afterPageShown(callback: () => void): () => void {
  if (loading === 0 || overdue) {
    callback();
    return () => undefined;
  }
  const once = () => callback();
  waiting.add(once);
  return () => waiting.delete(once);
}

/**
 * False until the page has shown (afterPageShown), then true. Checked a task after mounting: a page's placeholder
 * mounted in the same commit marks the page loading in its own effect, which may run after the caller's.
 */
export function useAfterPageShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    let cancel = () => {};
    const check = setTimeout(() => {
      cancel = afterPageShown(() => setShown(true));
    }, 0);
    return () => {
      clearTimeout(check);
      cancel();
    };
  }, [shown]);
  return shown;
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
