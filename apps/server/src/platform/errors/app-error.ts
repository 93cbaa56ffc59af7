import type { ErrorCode } from '@portal/contracts';

/** A failure a service expects and a client can act on; the error handler turns it into JSON. */
export class AppError extends Error {
  override name = 'AppError';
  /** For a 429 or 503: when to try again, sent as Retry-After (RFC 9110 section 10.2.3). */
  retryAfterSeconds?: number;
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** Every field at fault, when there are several (a questionnaire's invalid items). */
    readonly errors?: readonly { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const badRequest = (code: ErrorCode, message: string, field?: string) => new AppError(400, code, message, field);
export const forbidden = (message = 'You do not have access to this resource.') =>
  new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Authentication is required.') => new AppError(401, 'unauthorized', message);

export const GENERIC_ERROR_MESSAGE =
  'An unexpected error has occurred. Please report this to your system administrator.';
