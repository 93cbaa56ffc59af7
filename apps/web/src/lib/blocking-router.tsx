import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  NavigationType,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type Navigator,
  type To,
} from 'react-router';

/**
 * The app's router: the library's browser router (its small, declarative part: the data router's code is
 * most of the library, and every page would carry it), plus what the app took from the data router: a
 * page may hold the user back from leaving it (useBlocker, the same contract as the library's).
 */

type HistoryAction = 'PUSH' | 'REPLACE' | 'POP';

export type ShouldBlock = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}) => boolean;

export type Blocker =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined; location?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void; location: Location };

const UNBLOCKED: Blocker = { state: 'unblocked' };

let history: ReturnType<typeof createBrowserHistory> | undefined;
/** The location the app shows (the browser's may be ahead of it while a Back is being undone). */
let shown: Location | undefined;
let shouldBlock: ShouldBlock | null = null;
let blocker: Blocker = UNBLOCKED;
const blockerListeners = new Set<() => void>();

function setBlocker(next: Blocker) {
  blocker = next;
  blockerListeners.forEach((listener) => listener());
}

function browserHistory() {
  history ??= createBrowserHistory({ v5Compat: true });
  return history;
}

function locationOf(to: To, state: unknown): Location {
  const url = browserHistory().createURL(to);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: state ?? null, key: 'next' };
}

/** Runs a navigation, or holds it while the page's blocker says so (proceed runs it, reset drops it). */
function attempt(historyAction: 'PUSH' | 'REPLACE', to: To, state: unknown, navigate: () => void) {
  const currentLocation = shown ?? browserHistory().location;
  const nextLocation = locationOf(to, state);
  if (!shouldBlock?.({ currentLocation, nextLocation, historyAction })) {
    navigate();
    return;
  }
  setBlocker({
    state: 'blocked',
    location: nextLocation,
    proceed: () => {
      setBlocker(UNBLOCKED);
      navigate();
    },
    reset: () => setBlocker(UNBLOCKED),
  });
}

const navigator: Navigator = {
  createHref: (to) => browserHistory().createHref(to),
  createURL: (to) => browserHistory().createURL(to),
  encodeLocation: (to) => browserHistory().encodeLocation(to),
  go: (delta) => browserHistory().go(delta),
  push: (to, state) => attempt('PUSH', to, state, () => browserHistory().push(to, state)),
  replace: (to, state) => attempt('REPLACE', to, state, () => browserHistory().replace(to, state)),
};

/** The browser router with blocking: Back and Forward are undone while blocked (as the library does). */
export function BlockingRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => {
    const { action, location } = browserHistory();
    shown = location;
    return { action, location };
  });
  useLayoutEffect(() => {
    const history = browserHistory();
    let undoing = false;
    let proceeding = false;
    return history.listen(({ action, location, delta }) => {
      if (undoing) {
        undoing = false;
        return;
      }
      if (action === NavigationType.Pop && !proceeding && delta && shown) {
        const currentLocation = shown;
        if (shouldBlock?.({ currentLocation, nextLocation: location, historyAction: 'POP' })) {
          undoing = true;
          history.go(-delta);
          setBlocker({
            state: 'blocked',
            location,
            proceed: () => {
              setBlocker(UNBLOCKED);
              proceeding = true;
              history.go(delta);
            },
            reset: () => setBlocker(UNBLOCKED),
          });
          return;
        }
      }
      proceeding = false;
      shown = location;
      startTransition(() => setState({ action, location }));
    });
  }, []);
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}

/**
 * Holds navigations away from the page while `block` says so (links, the page's own navigate, Back and
 * Forward): the blocker is then 'blocked' until the page proceeds or resets. One page blocks at a time.
 */
export function useBlocker(block: ShouldBlock): Blocker {
  const latest = useRef(block);
  useLayoutEffect(() => {
    latest.current = block;
  });
  useEffect(() => {
    const mine: ShouldBlock = (args) => latest.current(args);
    shouldBlock = mine;
    return () => {
      if (shouldBlock === mine) shouldBlock = null;
      setBlocker(UNBLOCKED);
    };
  }, []);
  return useSyncExternalStore(
    (listener) => {
      blockerListeners.add(listener);
      return () => blockerListeners.delete(listener);
    },
    () => blocker,
  );
}
