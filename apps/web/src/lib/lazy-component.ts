import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code loads on demand. Once its code is there it renders at once, without a frame of
 * the Suspense fallback first (what React.lazy alone does, and the page's frame would shift); each mounted
 * instance keeps the way it started with, since switching would remount it. A failed download is
 * forgotten, so the next render tries again.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function LazyComponent(props: P) {
    const [ready] = useState(() => loaded);
    return createElement((ready ?? Lazy) as ComponentType<P>, props);
  }
  return { Component: LazyComponent, preload };
}
