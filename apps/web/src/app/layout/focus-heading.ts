import { useEffect, useRef } from 'react';

/** How long a page may take to show its heading (a lazy page's code, its first answer) before we give up. */
const WAIT_MS = 5000;

/**
 * After each change of route, moves the keyboard focus to the new page's main heading, as a screen reader user
 * and a keyboard user expect of a page change (otherwise focus stays on the link that was pressed, or falls to
 * the page body, and the next Tab starts from the top of the header). The first page of a visit is left alone:
 * the browser starts at the skip link. A page that put focus in itself (a field it focuses) keeps it.
 */
export function useFocusHeadingOnRouteChange(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main-content');
    if (!main) return;
    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const active = document.activeElement;
      // The page focused something of its own: that wins.
      if (active && active !== document.body && main.contains(active) && active !== main) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
      return true;
    };
    if (focusHeading()) return;
    // A lazy page shows its heading later: watch the main region until it does.
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
