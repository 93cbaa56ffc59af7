import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS, type Breakpoint } from '@portal/contracts';

const atLeast = (px: number) => `(min-width: ${px}px)`;

/** The spec's breakpoint of the window: xsmall 0-767, small 768-991, medium 992-1199, large 1200+. */
export function useBreakpoint(): Breakpoint {
  // The first render assumes a desktop window (no flash of the phone layout on desktop).
  const small = useMediaQuery(atLeast(BREAKPOINTS.small.min), true, { getInitialValueInEffect: false });
  const medium = useMediaQuery(atLeast(BREAKPOINTS.medium.min), true, { getInitialValueInEffect: false });
  const large = useMediaQuery(atLeast(BREAKPOINTS.large.min), true, { getInitialValueInEffect: false });
  if (large) return 'large';
  if (medium) return 'medium';
  if (small) return 'small';
  return 'xsmall';
}

/** Small and extra-small windows, where list and detail are separate views. */
export function useCompactLayout(): boolean {
  const bp = useBreakpoint();
  return bp === 'small' || bp === 'xsmall';
}

/** Phones and tablets by user agent: documents open as their own page there, not in a frame. */
export function isMobileUserAgent(userAgent: string = navigator.userAgent): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(userAgent);
}

/**
 * An iPad, including iPadOS 13+ which presents itself as a Mac: a 'Macintosh' with a touch screen.
 */
export function isIPad(
  userAgent: string = navigator.userAgent,
  maxTouchPoints: number = navigator.maxTouchPoints ?? 0,
): boolean {
  return /iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
