import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors/app-error';

// Control characters other than tab, line feed and carriage return, and UTF-16 halves without their other half:
// no field of the portal holds them, and the database refuses NUL in text.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or key) under `value` that holds a forbidden character, or null. */
export function forbiddenCharacterPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (FORBIDDEN.test(key)) return [...path, key];
    const found = forbiddenCharacterPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every request's path parameters, query and body are checked before validation (and after the access checks,
 * so an anonymous caller still learns nothing): a forbidden character is a 400 naming the field.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = forbiddenCharacterPath(value);
      if (path) {
        const field = path.length > 0 ? path.join('.') : where;
        throw badRequest('validation_failed', `${field}: must not contain control characters`, field);
      }
    }
  });
}
