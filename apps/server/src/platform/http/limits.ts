import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors/app-error';

/**
 * Every limit the portal keeps, by name: how many in what window. The counters live in Redis when REDIS_URL is
 * set, so every instance of the server counts against the same numbers, else in this process's memory (the
 * embedded single-process default).
 */
export const LIMITS = {
  /** Each login and verification route: tries per client address. */
  attempts: { points: 10, durationSeconds: 15 * 60 },
  /** POST /token: logins per client address, before any account's own counter. */
  token: { points: 300, durationSeconds: 15 * 60 },
  /** Mails to one address, whatever sends them. */
  mailRecipient: { points: 5, durationSeconds: 60 * 60 },
  /** Mails about one account or contact (confirmations, resets, invitations). */
  mailAccount: { points: 10, durationSeconds: 60 * 60 },
  /** Mails one caller (session user or client address) causes. */
  mailCaller: { points: 20, durationSeconds: 60 * 60 },
  /**
   * Failed passwords for a username nobody has: four pass, the fifth answers locked_out, as an account with the
   * default lockout (5 failures, 15 minutes) does, so the answers tell no one which usernames exist.
   */
  unknownUsername: { points: 4, durationSeconds: 15 * 60 },
  /** Token requests of the integration API per client address (a client needs one every 5 minutes). */
  integrationToken: { points: 60, durationSeconds: 15 * 60 },
  /** Integration API calls per client: bulk loads go through the import command, not the API. */
  integrationCalls: { points: 6000, durationSeconds: 60 },
  /** Identity checks of sign-up for one identity (name and date of birth), whoever asks. */
  signupIdentity: { points: 5, durationSeconds: 60 * 60 },
} as const;
export type LimitName = keyof typeof LIMITS;

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/** A 429; with the window's length as Retry-After, the longest a client may have to wait (RFC 6585). */
export function tooManyAttempts(retryAfterSeconds?: number): AppError {
  const err = new AppError(429, 'too_many_attempts', TOO_MANY_ATTEMPTS_MESSAGE);
  if (retryAfterSeconds !== undefined) err.retryAfterSeconds = retryAfterSeconds;
  return err;
}

/**
 * The counters of a single process: fixed windows per key, with a bounded number of keys (a flood from many
 * addresses cannot grow it without end).
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one try; false when the key has used up its tries in the current window. */
  hit(key: string): boolean {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (!entry && this.windows.size >= this.maxKeys) this.prune(now);
      entry = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return entry.count <= this.max;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full of live windows (a flood from many addresses): forget the oldest half.
    if (this.windows.size >= this.maxKeys) {
      let drop = Math.ceil(this.windows.size / 2);
      for (const key of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(key);
      }
    }
  }
}

/**
 * The key that stands for a limit's subject in Redis and in memory: an HMAC, so the store never holds the names,
 * dates of birth, emails or addresses the limits count, and nobody without the app secret can test a guess
 * against it. The secret is derived for this use alone, so a key seen in Redis tells nothing about the secret's
 * other uses (sealed tokens).
 */
export function limitKeyHasher(appSecret: string): (name: LimitName, subject: string) => string {
  const key = createHmac('sha256', appSecret).update('portal-limit-keys/v1').digest();
  return (name, subject) => createHmac('sha256', key).update(`${name}\0${subject.toLowerCase()}`).digest('base64url');
}

export class Limits {
  private readonly shared: Record<LimitName, RateLimiterRedis> | null;
  private readonly local: Record<LimitName, AttemptLimiter>;
  private readonly hash: (name: LimitName, subject: string) => string;

  constructor(
    appSecret: string,
    redis?: Redis,
    private readonly keyPrefix = 'portal-limit',
  ) {
    this.hash = limitKeyHasher(appSecret);
    const names = Object.keys(LIMITS) as LimitName[];
    this.shared = redis
      ? (Object.fromEntries(
          names.map((name) => [
            name,
            new RateLimiterRedis({
              storeClient: redis,
              points: LIMITS[name].points,
              duration: LIMITS[name].durationSeconds,
              keyPrefix: `${keyPrefix}:${name}`,
            }),
          ]),
        ) as Record<LimitName, RateLimiterRedis>)
      : null;
    this.local = Object.fromEntries(
      names.map((name) => [name, new AttemptLimiter(LIMITS[name].points, LIMITS[name].durationSeconds * 1000)]),
    ) as Record<LimitName, AttemptLimiter>;
  }

  /** The Redis key that counts `subject` under a limit (tests and operators look a counter up by it). */
  redisKey(name: LimitName, subject: string): string {
    return `${this.keyPrefix}:${name}:${this.hash(name, subject)}`;
  }

  /** Counts one use of `subject` under a limit; false once the window's uses are spent. */
  async consume(name: LimitName, subject: string): Promise<boolean> {
    const key = this.hash(name, subject);
    if (!this.shared) return this.local[name].hit(key);
    try {
      await this.shared[name].consume(key);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  /** Counts one use or throws 429 too_many_attempts. */
  async take(name: LimitName, subject: string): Promise<void> {
    if (!(await this.consume(name, subject))) throw tooManyAttempts(LIMITS[name].durationSeconds);
  }

  /** Counts one use under several subjects at once (a mail: its recipient, its account, its caller). */
  async takeAll(uses: [LimitName, string][]): Promise<void> {
    const results = await Promise.all(uses.map(([name, subject]) => this.consume(name, subject)));
    const refused = uses.filter((_, i) => !results[i]).map(([name]) => LIMITS[name].durationSeconds);
    if (refused.length > 0) throw tooManyAttempts(Math.max(...refused));
  }
}
