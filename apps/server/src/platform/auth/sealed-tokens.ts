import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Short-lived tokens for URLs opened outside the API client (a PDF in a new window, a document in a
 * frame), where no bearer header can go. The payload is encrypted and authenticated (AES-256-GCM with a
 * key derived from APP_SECRET), so it can carry what must not be stored (a PIN) and cannot be forged.
 * The payload names what it opens and the session that asked; the route checks both.
 */
export class SealedTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHash('sha256').update(`sealed-tokens:${secret}`).digest();
  }

  seal(payload: Record<string, unknown>, lifetimeMs: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.from(JSON.stringify({ ...payload, exp: this.now() + lifetimeMs }), 'utf8');
    const sealed = Buffer.concat([cipher.update(body), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** A secret the server must read back later (a webhook's signing key), encrypted at rest; no expiry. */
  sealSecret(secret: string): string {
    return this.seal({ secret }, 100 * 365 * 24 * 60 * 60 * 1000);
  }

  openSecret(sealed: string): string | null {
    const payload = this.open<{ secret?: unknown }>(sealed);
    return typeof payload?.secret === 'string' ? payload.secret : null;
  }

  /** The payload, or null when the token is forged, garbled or expired. */
  open<T extends Record<string, unknown>>(token: string): T | null {
    try {
      const raw = Buffer.from(token, 'base64url');
      if (raw.length < 29) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const body = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      const payload = JSON.parse(body.toString('utf8')) as T & { exp?: number };
      if (typeof payload.exp !== 'number' || payload.exp <= this.now()) return null;
      return payload;
    } catch {
      return null;
    }
  }
}
