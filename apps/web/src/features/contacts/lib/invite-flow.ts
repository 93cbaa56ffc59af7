/**
 * What travels in the history state from Resend Invitation, through the authorization statement, to the PIN page:
 * whether the patient asked for a new invitation. The PIN page consumes it once, so a reload of the page (which
 * keeps the history state) asks only for the invitation already shown, never for a new PIN.
 */
export interface InviteFlowState {
  resend: boolean;
}

export function resendRequested(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<InviteFlowState>).resend === true;
}
