import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
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
  /** Identity checks of sign-up for one identity (name and date of birth), whoever asks. */
  signupIdentity: { points: 5, durationSeconds: 60 * 60 },
} as const;
export type LimitName = keyof typeof LIMITS;

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

export function tooManyAttempts(): AppError {
  return new AppError(429, 'too_many_attempts', TOO_MANY_ATTEMPTS_MESSAGE);
}

export class Limits {
  private readonly limiters: Record<LimitName, RateLimiterAbstract>;

  constructor(redis?: Redis, keyPrefix = 'portal-limit') {
    const make = (name: LimitName): RateLimiterAbstract => {
      const { points, durationSeconds } = LIMITS[name];
      const options = { points, duration: durationSeconds, keyPrefix: `${keyPrefix}:${name}` };
      return redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
    };
    this.limiters = Object.fromEntries(Object.keys(LIMITS).map((name) => [name, make(name as LimitName)])) as Record<
      LimitName,
      RateLimiterAbstract
    >;
  }

  /** Counts one use of `key` under a limit; false once the window's uses are spent. */
  async consume(name: LimitName, key: string): Promise<boolean> {
    try {
      await this.limiters[name].consume(key.toLowerCase());
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
