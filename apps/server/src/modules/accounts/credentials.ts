import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBodySchema, type ErrorCode } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { recordFailedPassword } from '../../platform/auth/lockout';
import { verifyPassword } from '../../platform/auth/passwords';
import { AppError, badRequest } from '../../platform/errors/app-error';
import type { Account } from './accounts.repository';

// The current password as proof of who is asking: what the password change and the email change share.

/** 400 lockedout; carries the whole minutes until the account unlocks. */
export class LockedOutError extends AppError {
  override name = 'LockedOutError';
  constructor(readonly minutesLeft: number) {
    super(
      400,
      'lockedout',
      `Your account is locked after too many unsuccessful attempts. Please wait ${minutesLeft} minutes and try again.`,
    );
  }
}

export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** The 400 answer of routes that check a password: lockedout also says how long the lock lasts. */
export const LockedErrorSchema = ErrorBodySchema.extend({
  minutesLeft: z.number().int().optional().describe('lockedout: whole minutes until the account unlocks'),
});

export function sendLocked(reply: FastifyReply, request: FastifyRequest, err: LockedOutError) {
  return reply
    .status(400)
    .send({ error: err.code, message: err.message, minutesLeft: err.minutesLeft, requestId: request.id });
}

/** The current password, or an unexpired temporary one from forgot-password. */
export async function passwordMatches(account: Account, password: string, now: Date): Promise<boolean> {
  if (account.passwordHash && (await verifyPassword(account.passwordHash, password))) return true;
  return Boolean(
    account.temporaryPasswordHash &&
    account.temporaryPasswordExpiresAt &&
    account.temporaryPasswordExpiresAt > now &&
    (await verifyPassword(account.temporaryPasswordHash, password)),
  );
}

/**
 * Throws unless `password` is the account's: LockedOutError while the account is locked; otherwise a
 * wrong password counts as a failed login, exactly like POST /token (the attempt that reaches the
 * facility's maximum already answers lockedout), and answers 400 `code` naming `field`. A missing
 * password is no guess: 400 `code` as well, without counting.
 */
export async function requirePassword(
  db: DbOrTx,
  account: Account,
  password: string | undefined,
  refusal: { code: ErrorCode; message: string; field: string },
  now = new Date(),
): Promise<void> {
  if (account.lockedUntil && account.lockedUntil > now)
    throw new LockedOutError(minutesUntil(account.lockedUntil, now));
  if (password === undefined || password === '') throw badRequest(refusal.code, refusal.message, refusal.field);
  if (await passwordMatches(account, password, now)) return;
  const { lockedUntil } = await recordFailedPassword(db, account.id, account, now);
  if (lockedUntil) throw new LockedOutError(minutesUntil(lockedUntil, now));
  throw badRequest(refusal.code, refusal.message, refusal.field);
}
