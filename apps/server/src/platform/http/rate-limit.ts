import type { FastifyRequest } from 'fastify';
import { LIMITS, type Limits } from './limits';

export { AttemptLimiter, TOO_MANY_ATTEMPTS_MESSAGE, tooManyAttempts } from './limits';

/** For the OpenAPI description of a limited route. */
export const RATE_LIMIT_NOTE =
  ` Rate limit: ${LIMITS.attempts.points} tries per ${LIMITS.attempts.durationSeconds / 60} minutes per client IP ` +
  '(429 too_many_attempts).';

/**
 * Route options that count each call of `route` per client address before validation (so malformed tries count
 * too), in the shared counters: `const limited = rateLimiter(app.deps.limits); app.post(url, { ...limited('x') })`.
 */
export function rateLimiter(limits: Limits) {
  return (route: string) => ({
    onRequest: async (request: FastifyRequest) => limits.take('attempts', `${route}|${request.ip}`),
  });
}
