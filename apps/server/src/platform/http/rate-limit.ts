import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

/**
 * Counts tries per key (route and client IP) in fixed windows, in this process's memory. The
 * database counts PIN failures as well, so a restart or a second instance does not reset those.
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

/** Every login and verification path: 10 tries per 15 minutes per client IP and route. */
export const LOGIN_RATE_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

export function tooManyAttempts(): AppError {
  return new AppError(429, 'too_many_attempts', TOO_MANY_ATTEMPTS_MESSAGE);
}

/** For the OpenAPI description of a limited route. */
export const RATE_LIMIT_NOTE =
  ` Rate limit: ${LOGIN_RATE_LIMIT.max} tries per ${LOGIN_RATE_LIMIT.windowMs / 60_000} minutes per client IP ` +
  '(429 too_many_attempts).';

/**
 * Route options that count each call of `route` per client IP before validation (so malformed tries count
 * too). One limiter per module instance: `const limited = rateLimiter(); app.post(url, { ...limited('x') })`.
 */
export function rateLimiter(limits: { max: number; windowMs: number } = LOGIN_RATE_LIMIT) {
  const limiter = new AttemptLimiter(limits.max, limits.windowMs);
  return (route: string) => ({
    onRequest: async (request: FastifyRequest) => {
      if (!limiter.hit(`${route}|${request.ip}`)) throw tooManyAttempts();
    },
  });
}
