import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors/app-error';
import { TEXT_CONTROL_CLASS } from '../text/control-characters';

// Control characters other than tab, line feed and carriage return, and UTF-16 halves without their other half:
// no field of the portal holds them, and the database refuses NUL in text.
const FORBIDDEN = new RegExp(
  `[${TEXT_CONTROL_CLASS}]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]`,
);

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

/** A 400 naming the first field of the request's path parameters or query that holds a forbidden character. */
export function guardAddress(request: FastifyRequest): void {
  guard([
    ['params', request.params],
    ['querystring', request.query],
  ]);
}

function guard(parts: readonly (readonly [string, unknown])[]): void {
  for (const [where, value] of parts) {
    const path = forbiddenCharacterPath(value);
    if (path) {
      const field = path.length > 0 ? path.join('.') : where;
      throw badRequest('validation_failed', `${field}: must not contain control characters`, field);
    }
  }
}

/**
 * Every request's body is checked before validation (and after authentication, so an anonymous caller still
 * learns nothing): a forbidden character is a 400 naming the field. The path parameters and query are checked
 * earlier still, by the access check (guardAddress), before any patient scope opens: a scope's read audit row
 * names the path's values.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    guard([
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ]);
  });
}
