/**
 * The kiosk user's idle clock (issue 31, finding 13). The server ends a kiosk-user session after the facility's
 * idle limit counted from the session's last request, which it records at most every SERVER_RESOLUTION_MS. The
 * page counts from its own last request to the server (it sends one on the user's activity, at most every
 * PING_EVERY_MS), warns WARNING_LEAD_MS before, and ends the session SAFETY_MS early, so the device never shows a
 * page the server has already closed.
 */
export const DEFAULT_KIOSK_IDLE_SECONDS = 180;
export const PING_EVERY_MS = 10_000;
const SERVER_RESOLUTION_MS = 10_000;
const SAFETY_MS = SERVER_RESOLUTION_MS + 5_000;
const WARNING_LEAD_MS = 60_000;

export type IdleState = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'ended' };

/** When the page ends the session, in ms after its last request to the server. */
export function endAfterMs(idleSeconds: number): number {
  return Math.max(idleSeconds * 1000 - SAFETY_MS, 15_000);
}

/** How long before the end the warning shows: a minute, or half of a short limit. */
export function warningLeadMs(idleSeconds: number): number {
  return Math.min(WARNING_LEAD_MS, Math.floor(endAfterMs(idleSeconds) / 2));
}

/** Where the idle clock stands `sinceLastRequestMs` after the page's last request to the server. */
export function idleState(idleSeconds: number, sinceLastRequestMs: number): IdleState {
  const left = endAfterMs(idleSeconds) - sinceLastRequestMs;
  if (left <= 0) return { kind: 'ended' };
  if (left <= warningLeadMs(idleSeconds)) return { kind: 'warning', secondsLeft: Math.ceil(left / 1000) };
  return { kind: 'active' };
}
