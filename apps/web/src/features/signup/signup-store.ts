import type { BirthDate } from '@portal/contracts';

/** A patient who passed identity verification (sign-up step 1), with the email of step 2 once given. */
export interface HeldPatient {
  kind: 'patient';
  facilityId: number;
  patientId: number;
  firstName: string;
  lastName: string;
  birthDate: BirthDate;
  pin?: string;
  mrn?: string;
  ssn?: string;
  email?: string;
}

/** An authorised representative whose invitation and PIN were verified. */
export interface HeldRepresentative {
  kind: 'representative';
  patientId: -1;
  encryptedInvitationId: string;
  pin: string;
  email: string;
  facilityHomeId: number;
}

export type HeldSignUp = HeldPatient | HeldRepresentative;

/**
 * The identity verified so far, kept in sessionStorage so a reload of /create-account keeps the flow;
 * it is cleared when the flow is cancelled or done (and by logout, which clears session storage).
 */
const KEY = 'portal.signUp';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isHeld(value: unknown): value is HeldSignUp {
  if (typeof value !== 'object' || value === null) return false;
  const held = value as Partial<HeldSignUp>;
  if (held.kind === 'patient') return typeof held.patientId === 'number' && held.patientId > 0;
  if (held.kind === 'representative') return typeof held.email === 'string' && held.email !== '';
  return false;
}

export const signUpStore = {
  get(): HeldSignUp | null {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isHeld(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  set(held: HeldSignUp): void {
    storage()?.setItem(KEY, JSON.stringify(held));
  },
  clear(): void {
    storage()?.removeItem(KEY);
  },
};
