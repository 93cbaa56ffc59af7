import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeSecrets, type OneTimeSecretKind } from '../../db/schema/index';
import { hashSecret, newPin, newToken } from './secrets';

export type OneTimeSecret = typeof oneTimeSecrets.$inferSelect;

/** How long each kind lives unless the issuer says otherwise. */
export const SECRET_LIFETIME_MS: Record<OneTimeSecretKind, number> = {
  singleSignOn: 2 * 60_000,
  kioskUser: 10 * 60_000,
  link: 14 * 24 * 3_600_000,
  signupPin: 30 * 24 * 3_600_000,
  invitation: 14 * 24 * 3_600_000,
  emailConfirmation: 7 * 24 * 3_600_000,
};

export interface IssueSecret {
  kind: OneTimeSecretKind;
  facilityId: number;
  userId?: number | null;
  patientId?: number | null;
  personalContactId?: number | null;
  email?: string | null;
  lifetimeMs?: number;
  maxAttempts?: number;
  /** Only the demo seed passes fixed values, so the README can print them. */
  token?: string;
  pin?: string;
  /** Whether the secret has a PIN beside its token (invitations). */
  withPin?: boolean;
  now?: Date;
}

/**
 * Issues a random, expiring, single-use secret and stores only its hash. A sign-up PIN is its own
 * token (the patient types it); an invitation has a link token and a separate PIN.
 */
export async function issueSecret(
  tx: DbOrTx,
  input: IssueSecret,
): Promise<{ id: number; token: string; pin?: string }> {
  const now = input.now ?? new Date();
  const token = input.token ?? (input.kind === 'signupPin' ? newPin(8) : newToken());
  const pin = input.withPin ? (input.pin ?? newPin(6)) : undefined;
  const [row] = await tx
    .insert(oneTimeSecrets)
    .values({
      kind: input.kind,
      tokenHash: hashSecret(token),
      pinHash: pin ? hashSecret(pin) : null,
      facilityId: input.facilityId,
      userId: input.userId ?? null,
      patientId: input.patientId ?? null,
      personalContactId: input.personalContactId ?? null,
      email: input.email ?? null,
      expiresAt: new Date(now.getTime() + (input.lifetimeMs ?? SECRET_LIFETIME_MS[input.kind])),
      maxAttempts: input.maxAttempts ?? 5,
      createdAt: now,
    })
    .returning({ id: oneTimeSecrets.id });
  if (!row) throw new Error('Secret insert returned nothing');
  return pin === undefined ? { id: row.id, token } : { id: row.id, token, pin };
}

/** The secret a presented token names, whatever its state (the caller decides what state means). */
export async function findSecret(tx: DbOrTx, kind: OneTimeSecretKind, token: string): Promise<OneTimeSecret | null> {
  const [row] = await tx
    .select()
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.kind, kind), eq(oneTimeSecrets.tokenHash, hashSecret(token))))
    .limit(1);
  return row ?? null;
}

export type SecretState = 'usable' | 'used' | 'expired' | 'invalidated';

export function secretState(secret: OneTimeSecret, now = new Date()): SecretState {
  if (secret.usedAt) return 'used';
  if (secret.failedAttempts >= secret.maxAttempts) return 'invalidated';
  if (secret.expiresAt <= now) return 'expired';
  return 'usable';
}

/** Marks a secret used; false when another request used it first (single use holds under races). */
export async function consumeSecret(tx: DbOrTx, id: number, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(oneTimeSecrets)
    .set({ usedAt: now })
    .where(and(eq(oneTimeSecrets.id, id), sql`${oneTimeSecrets.usedAt} IS NULL`))
    .returning({ id: oneTimeSecrets.id });
  return rows.length === 1;
}

/** Counts a failed attempt; returns the attempts left (0 means the secret is now invalidated). */
export async function recordSecretFailure(tx: DbOrTx, id: number): Promise<number> {
  const [row] = await tx
    .update(oneTimeSecrets)
    .set({ failedAttempts: sql`${oneTimeSecrets.failedAttempts} + 1` })
    .where(eq(oneTimeSecrets.id, id))
    .returning({ failed: oneTimeSecrets.failedAttempts, max: oneTimeSecrets.maxAttempts });
  return row ? Math.max(0, row.max - row.failed) : 0;
}

export function pinMatches(secret: OneTimeSecret, pin: string): boolean {
  return secret.pinHash !== null && secret.pinHash === hashSecret(pin);
}
