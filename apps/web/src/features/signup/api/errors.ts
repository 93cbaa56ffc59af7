import { ApiError, type ApiErrorCode } from '../../../lib/api';

/** What the message bar shows: a language-pack key, or the server's own text. */
export type ShownMessage = { key: string; text?: undefined } | { text: string; key?: undefined };

const VERIFICATION_CODES: Partial<Record<ApiErrorCode, string>> = {
  invalid_information: 'signUp.invalidInformation',
  pin_expired: 'signUp.pinExpired',
  pin_invalidated: 'signUp.pinInvalidated',
  too_many_attempts: 'signUp.tooManyAttempts',
};

/**
 * A failed identity or invitation check: the known codes in the user's language, any other 400 with the
 * server's message, and 404, 500 or no answer at all with signUpVerifyIdentityFailure.
 */
export function verificationFailureMessage(error: unknown): ShownMessage {
  if (error instanceof ApiError) {
    const key = error.code ? VERIFICATION_CODES[error.code] : undefined;
    if (key) return { key };
    if (error.status === 400 && error.message) return { text: error.message };
  }
  return { key: 'signUp.verifyIdentityFailure' };
}
