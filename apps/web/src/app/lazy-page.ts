import type { ComponentType } from 'react';
import type { RouteMatch } from 'react-router';
import type { PagePrefetch } from '../lib/fetch-ahead';
import { lazyComponent } from '../lib/lazy-component';

interface PageModule {
  Component: ComponentType;
  prefetch?: PagePrefetch;
}

interface PageHandle {
  preload: () => Promise<PageModule>;
}

/**
 * A route whose code loads on demand, as a component that suspends inside the shell rather than through
 * the router's `lazy`: the router would render nothing at all, not even the header, until every matched
 * route's code had arrived. `handle.preload` starts the download before anything renders (preloadRoutes).
 */
export function page(load: () => Promise<PageModule>): { Component: ComponentType; handle: PageHandle } {
  let loading: Promise<PageModule> | undefined;
  const module = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const part = lazyComponent(async () => (await module()).Component);
  const handle: PageHandle = { preload: () => part.preload().then(module) };
  return { Component: part.Component, handle };
}

/**
 * Starts loading the code of every matched route, all at once (the layouts and the page); answers the
 * page's module (undefined when it has no code of its own to load, or it failed to load: the page shows
 * that when it renders).
 */
export function preloadRoutes(matches: RouteMatch[]): Promise<PageModule | undefined> {
  const loads = matches.map((match) =>
    (match.route.handle as Partial<PageHandle> | undefined)?.preload?.().catch(() => undefined),
  );
  return Promise.resolve(loads.at(-1));
}
