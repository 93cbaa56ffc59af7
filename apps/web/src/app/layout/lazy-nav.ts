import { lazyComponent } from '../../lib/lazy-component';

// The navigation (tabs, Resources, Contact Us, secure messages, the user menu, the phone menu, the
// representative line) loads only once someone is logged in: the login page's JavaScript budget carries
// none of it.
const nav = () => import('./nav/index');
const parts = {
  tabs: lazyComponent(async () => (await nav()).NavTabs),
  links: lazyComponent(async () => (await nav()).NavLinks),
  menus: lazyComponent(async () => (await nav()).NavMenus),
  representativeLine: lazyComponent(async () => (await nav()).NavRepresentativeLine),
};

export const NavTabs = parts.tabs.Component;
export const NavLinks = parts.links.Component;
export const NavMenus = parts.menus.Component;
export const RepresentativeLine = parts.representativeLine.Component;

/** Starts loading the navigation now (a logged-in tab at start), so the header is whole when it first shows. */
export function preloadNavigation(): void {
  for (const part of Object.values(parts)) part.preload().catch(() => undefined);
  nav().then(
    ({ preloadWideParts }) => preloadWideParts(),
    () => undefined,
  );
}
