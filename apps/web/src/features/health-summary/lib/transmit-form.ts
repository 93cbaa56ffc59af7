import { HEALTH_SUMMARY_LIMITS, isValidEmail } from '@portal/contracts';
import type { ApiErrorCode } from '../../../lib/api';
import { emailError } from '../../../shared/forms/validation';

// The checks of Send by Email and Send Securely (spec 002, 5). They run when the form is sent, never on blur; each
// answers a language-pack key with its values, so a message already shown follows a language switch.

export interface FieldMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** No From: the mail's sender is the account's confirmed address, which the form shows but cannot change. */
export interface EmailForm {
  to: string;
  message: string;
}

export interface SecureForm {
  to: string;
  message: string;
}

export const EMAIL_FIELDS = ['to', 'message'] as const;
export const SECURE_FIELDS = ['to', 'message'] as const;

export const EMPTY_EMAIL_FORM: EmailForm = { to: '', message: '' };
export const EMPTY_SECURE_FORM: SecureForm = { to: '', message: '' };

/** The address the mail goes out from: the account's email once confirmed, else none (issue 31, finding 8). */
export function confirmedSender(profile: { email: string | null; isEmailConfirmed: boolean } | undefined) {
  const email = profile?.isEmailConfirmed ? (profile.email?.trim() ?? '') : '';
  return email === '' ? null : email;
}

function messageProblem(message: string): FieldMessage | undefined {
  return message.length > HEALTH_SUMMARY_LIMITS.messageMaxLength
    ? { key: 'common.maxLength', params: { maxLength: HEALTH_SUMMARY_LIMITS.messageMaxLength } }
    : undefined;
}

function asMessage(key: string | undefined): FieldMessage | undefined {
  return key === undefined ? undefined : { key };
}

/** To: required, the shared email pattern ('Email address is not in correct format.'); the message: 2000. */
export function emailFormErrors(form: EmailForm): Partial<Record<(typeof EMAIL_FIELDS)[number], FieldMessage>> {
  return withoutEmpty({
    to: asMessage(emailError(form.to)),
    message: messageProblem(form.message),
  });
}

/** The Direct address: required, and an address ('Enter a valid Direct Address: {email}'); the message: 2000. */
export function secureFormErrors(form: SecureForm): Partial<Record<(typeof SECURE_FIELDS)[number], FieldMessage>> {
  const to = form.to.trim();
  return withoutEmpty({
    to:
      to === ''
        ? { key: 'common.required' }
        : isValidEmail(to)
          ? undefined
          : { key: 'healthSummary.sendSecurely.invalidAddress', params: { email: to } },
    message: messageProblem(form.message),
  });
}

/**
 * What the Send Securely modal says about a refused send (issue 32, finding 8): the server's 422 and 502 are both
 * healthsummarysendsecurelyfailed, whose text says what to do (check the address with the care provider's office,
 * try again, or send by email); noCcdaConfigured has its own. Null for what the page reports otherwise (a session
 * that timed out).
 */
export function secureSendFailure(
  error: { status?: number; code?: ApiErrorCode } | null | undefined,
): FieldMessage | null {
  if (!error?.code) return null;
  if (error.code === 'noCcdaConfigured') return { key: 'healthSummary.messages.noCcdaConfigured' };
  return { key: 'healthSummary.messages.healthsummarysendsecurelyfailed' };
}

/** The first of the fields (in the form's order) that has an error: it takes focus. */
export function firstError<F extends string>(fields: readonly F[], errors: Partial<Record<F, unknown>>): F | null {
  return fields.find((field) => errors[field] !== undefined) ?? null;
}

function withoutEmpty<F extends string>(found: Record<F, FieldMessage | undefined>): Partial<Record<F, FieldMessage>> {
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined)) as Partial<
    Record<F, FieldMessage>
  >;
}
