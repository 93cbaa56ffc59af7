import { lazyComponent } from '../../../lib/lazy-component';
import { WIDE_WINDOW } from './wide-window';

// The parts of the navigation only a wide window shows (the user menu's and Resources' dropdowns, with
// their positioning code) load only where they show: a phone never loads them.
const userMenu = lazyComponent(async () => (await import('./UserMenu')).UserMenu);
const resourcesMenu = lazyComponent(async () => (await import('./ResourcesMenu')).ResourcesMenu);

export const UserMenu = userMenu.Component;
export const ResourcesMenu = resourcesMenu.Component;

/** Starts loading the wide window's parts, when the window is wide (the header is then whole at once). */
export function preloadWideParts(): void {
  if (!window.matchMedia(WIDE_WINDOW).matches) return;
  userMenu.preload().catch(() => undefined);
  resourcesMenu.preload().catch(() => undefined);
}
