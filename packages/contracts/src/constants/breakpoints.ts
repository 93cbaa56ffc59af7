export const BREAKPOINTS = {
  xsmall: { min: 0, max: 767 },
  small: { min: 768, max: 991 },
  medium: { min: 992, max: 1199 },
  large: { min: 1200, max: 3800 },
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

// Compares against lower bounds only, so fractional widths, widths above 3800 and
// nonsense values (negative, NaN) still land in a breakpoint.
export function breakpointOf(widthPx: number): Breakpoint {
  if (widthPx >= BREAKPOINTS.large.min) return 'large';
  if (widthPx >= BREAKPOINTS.medium.min) return 'medium';
  if (widthPx >= BREAKPOINTS.small.min) return 'small';
  return 'xsmall';
}

export function isCompact(bp: Breakpoint): boolean {
  return bp === 'small' || bp === 'xsmall';
}
