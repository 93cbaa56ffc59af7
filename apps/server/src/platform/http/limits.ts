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

export function tooManyAttempts(): AppError {
  return new AppError(429, 'too_many_attempts', TOO_MANY_ATTEMPTS_MESSAGE);
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

export class Limits {
  private readonly shared: Record<LimitName, RateLimiterRedis> | null;
  private readonly local: Record<LimitName, AttemptLimiter>;

  constructor(redis?: Redis, keyPrefix = 'portal-limit') {
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

  /** Counts one use of `key` under a limit; false once the window's uses are spent. */
  async consume(name: LimitName, key: string): Promise<boolean> {
    const normalised = key.toLowerCase();
    if (!this.shared) return this.local[name].hit(normalised);
    try {
      await this.shared[name].consume(normalised);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  /** Counts one use or throws 429 too_many_attempts. */
  async take(name: LimitName, key: string): Promise<void> {
    if (!(await this.consume(name, key))) throw tooManyAttempts();
  }

  /** Counts one use under several keys at once (a mail: its recipient, its account, its caller). */
  async takeAll(uses: [LimitName, string][]): Promise<void> {
    const results = await Promise.all(uses.map(([name, key]) => this.consume(name, key)));
    if (results.includes(false)) throw tooManyAttempts();
  }
}
