import { SECURE_MESSAGE_LIMITS, subjectLength } from '@portal/contracts';

// Sending a message: the checks of the compose and reply forms (spec 002 section 5) and the idempotency key that
// makes a double click or a retry after a timeout store the message once.

/** What is wrong with a field: nothing, empty, or over its limit. */
export type FieldProblem = 'required' | 'tooLong' | null;

/** The message (HTML or Text mode): required, at most 2000 characters a reader sees. */
export function contentProblem(visibleLength: number): FieldProblem {
  if (visibleLength <= 0) return 'required';
  return visibleLength > SECURE_MESSAGE_LIMITS.contentMax ? 'tooLong' : null;
}

/** The subject of a new message: required, at most 100 characters once trimmed. */
export function subjectProblem(subject: string): FieldProblem {
  const length = subjectLength(subject);
  if (length === 0) return 'required';
  return length > SECURE_MESSAGE_LIMITS.subjectMax ? 'tooLong' : null;
}

/** The recipient: one of the care team members the patient may write to. */
export function recipientProblem(careProviderId: number | null, allowed: readonly number[]): FieldProblem {
  return careProviderId !== null && allowed.includes(careProviderId) ? null : 'required';
}

/** The language-pack key (and its values) of a problem's message: 'Required', 'The maximum length is N characters.' */
export function problemMessage(
  problem: FieldProblem,
  maxLength: number,
): { key: string; params?: Record<string, number> } | null {
  if (problem === 'required') return { key: 'common.required' };
  if (problem === 'tooLong') return { key: 'common.maxLength', params: { maxLength } };
  return null;
}

/**
 * Which problems a form shows: a field over its limit says so at once; 'Required' shows after a send was tried,
 * until the field is changed (typing clears the invalid state).
 */
export function shownProblem(problem: FieldProblem, requiredShown: boolean): FieldProblem {
  if (problem === 'tooLong') return problem;
  return problem === 'required' && requiredShown ? problem : null;
}

/** One message on its way: the request it is (target and body) and the key it is sent under. */
export interface PendingSend {
  request: string;
  key: string;
}

/**
 * The idempotency key of a send: the same unsent message again (a retry after a failure or a timeout) keeps its
 * key, so the server answers the message it may already have stored; a changed message is a new request and
 * gets a new key (the server would refuse a key reused for another request).
 */
export function keyForSend(previous: PendingSend | null, request: string, newKey: () => string): PendingSend {
  return previous !== null && previous.request === request ? previous : { request, key: newKey() };
}

/** A fresh idempotency key: a UUID (random), also where the page is not a secure context. */
export function newIdempotencyKey(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
