import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random opaque token (256 bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A random numeric PIN of `length` digits. */
export function newPin(length = 6): string {
  let pin = '';
  for (let i = 0; i < length; i++) pin += String(randomInt(10));
  return pin;
}

/**
 * Tokens and PINs are stored only as this hash. The secrets are random (tokens) or short-lived and
 * attempt-limited (PINs), so a fast hash is enough and lets us look rows up by it.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}
