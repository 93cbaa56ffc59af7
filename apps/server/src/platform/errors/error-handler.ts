import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@portal/contracts';
import { AppError, GENERIC_ERROR_MESSAGE } from './app-error';

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  field?: string;
  errors?: { field: string; message: string }[];
  requestId: string;
}

// Errors of the database driver or network that mean "the database is not reachable right now".
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);

/**
 * SQLSTATE classes of a database that cannot serve now, whatever the statement: 08 connection exception,
 * 53 insufficient resources (too many connections, out of memory, disk full), 57P operator intervention
 * (shutdown, crash, cannot connect now), 28 authorisation of the connection, 3D the database missing, and 55000
 * when it is the database refusing connections (ALTER DATABASE ... ALLOW_CONNECTIONS false).
 */
function unavailableSqlState(code: string, message: unknown): boolean {
  if (/^(08|53|28|3D)[0-9A-Z]{3}$/.test(code) || /^57P0[1-5]$/.test(code)) return true;
  return code === '55000' && typeof message === 'string' && /not currently accepting connections/i.test(message);
}

/**
 * A unique constraint that two requests hit at once: each checked that the record was not there, both wrote it,
 * the database refused the second. The loser is told to try again (409), which then finds the first's record.
 * The driver's error, wherever drizzle wrapped it; with `constraint`, only that constraint's (a driver that does
 * not name it counts as that one).
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const CONCURRENT_CHANGE_MESSAGE = 'Another request changed the same record at the same time. Please try again.';

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    const message = (e as { message?: unknown }).message;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || unavailableSqlState(code, message))) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Cannot use a pool after calling end/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

interface ErrorSummary {
  name: string;
  code?: string;
  message: string;
}

/** A message without the parameters a failed query quotes ('Failed query: ... params: Jane,Doe'). */
export function withoutParameters(message: string): string {
  const cut = message.search(/\bparams:/i);
  return (cut >= 0 ? `${message.slice(0, cut)}params: [not logged]` : message).slice(0, 1000);
}

/** What of an error may go to the log: names, codes and messages along its causes, without query parameters. */
export function errorSummary(err: unknown): ErrorSummary & { causes?: ErrorSummary[] } {
  const describe = (e: unknown): ErrorSummary => {
    const { name, code, message, table, column, constraint } = (e ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    // A database error (a SQLSTATE code) may quote the value it refused ('invalid input syntax for type
    // integer: "Jane"'): its code and the names of the table, column and constraint say enough.
    const fromDatabase = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
    return {
      name: text(name) ?? 'Error',
      ...(typeof code === 'string' ? { code } : {}),
      message: fromDatabase
        ? [text(table), text(column), text(constraint)].filter(Boolean).join(' ')
        : typeof message === 'string'
          ? withoutParameters(message)
          : '',
    };
  };
  const causes: ErrorSummary[] = [];
  for (let e = (err as { cause?: unknown } | null)?.cause, depth = 0; e && depth < 5; depth++) {
    causes.push(describe(e));
    e = (e as { cause?: unknown }).cause;
  }
  return { ...describe(err), ...(causes.length ? { causes } : {}) };
}

/** 'body.birthDate.year' -> 'birthDate.year'; the location prefix only adds noise for a user. */
function fieldOf(instancePath: string, missingProperty?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missingProperty) parts.push(missingProperty);
  return parts.join('.');
}

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/**
 * The body of the last resort: what answers when the error handler's own answer failed (an onSend hook threw, a
 * serialiser refused the body, a second error while answering). It names nothing but the request: an error's
 * message can quote SQL and the parameters of a statement other users' requests shared.
 */
export function fallbackBody(requestId: string, unavailable: boolean): ErrorBody {
  return unavailable
    ? { error: 'service_unavailable', message: SERVICE_UNAVAILABLE_MESSAGE, requestId }
    : { error: 'internal_error', message: GENERIC_ERROR_MESSAGE, requestId };
}

/**
 * Every route's errors go to `answerError` (set on each route as it is added); the instance's own handler, which
 * Fastify calls only when that answer failed, is the fallback: it writes its answer on the socket itself, past
 * every hook and serialiser, so nothing can fail it again and Fastify's default handler (which sends the error's
 * message) is never reached. The 404 handler's errors come to the fallback directly.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.errorHandler ??= (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      answerError(err, request, reply);
    };
  });
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A context without the route's handler (Fastify's own 404 before the web app sets its own) still gets the
    // first answer in our shape.
    if (!answered.has(request)) {
      answerError(err, request, reply);
      return reply;
    }
    const unavailable = isDatabaseUnavailable(err);
    if (!unavailable) request.log.error({ err: errorSummary(err) }, 'error while answering an error');
    const body = JSON.stringify(fallbackBody(request.id, unavailable));
    if (reply.raw.headersSent || reply.raw.destroyed) {
      reply.raw.destroy();
      return reply;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (typeof value === 'string' && !/^content-(length|encoding|type)$/i.test(name)) headers[name] = value;
    }
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = String(Buffer.byteLength(body));
    if (unavailable) headers['retry-after'] = '5';
    reply.hijack();
    reply.raw.writeHead(unavailable ? 503 : 500, headers);
    reply.raw.end(body);
    return reply;
  });
}

const answered = new WeakSet<FastifyRequest>();

/** The one error handler of every route: what a client can act on, in our shape; the rest 500 or 503. */
export function answerError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  answered.add(request);
  const requestId = request.id;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = err.validationContext ?? 'body';
    const errors = err.validation.map((v) => {
      const params = v.params as { missingProperty?: string; keys?: unknown };
      // A key the schema does not know is named itself (fields.icdCode), not only its parent object.
      const unknownKey = Array.isArray(params.keys) && typeof params.keys[0] === 'string' ? params.keys[0] : undefined;
      const field = fieldOf(v.instancePath, params.missingProperty ?? unknownKey);
      return { field: field || where, message: v.message ?? 'Invalid value' };
    });
    const first = errors[0] ?? { field: where, message: 'Invalid value' };
    const body: ErrorBody = {
      error: 'validation_failed',
      message: `${first.field}: ${first.message}`,
      field: first.field,
      errors,
      requestId,
    };
    return reply.status(400).send(body);
  }
  if (err instanceof AppError) {
    const body: ErrorBody = { error: err.code, message: err.message, requestId };
    if (err.field) body.field = err.field;
    if (err.errors) body.errors = [...err.errors];
    if (err.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(err.retryAfterSeconds));
    return reply.status(err.statusCode).send(body);
  }
  if (isDatabaseUnavailable(err)) {
    request.log.warn({ err: { code: (err as { code?: string }).code, message: err.message } }, 'database unavailable');
    return reply.status(503).header('Retry-After', '5').send(fallbackBody(requestId, true));
  }
  if (isUniqueViolation(err)) {
    request.log.warn({ err: errorSummary(err) }, 'concurrent change refused by a unique constraint');
    return reply.status(409).send({ error: 'conflict', message: CONCURRENT_CHANGE_MESSAGE, requestId });
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, unsupported media type, body too large) carry
    // messages written for clients; codes are normalised to snake case.
    const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
    return reply.status(status).send({ error: code, message: err.message, requestId });
  }
  // Database errors quote the statement's parameters (a contact's name, an address): the log gets the error
  // with every parameter list cut off, never a record's contents.
  request.log.error({ err: errorSummary(err) }, 'unhandled error');
  return reply.status(500).send(fallbackBody(requestId, false));
}
