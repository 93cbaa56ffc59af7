import { describe, expect, it } from 'vitest';
import {
  contentProblem,
  keyForSend,
  newIdempotencyKey,
  problemMessage,
  recipientProblem,
  shownProblem,
  subjectProblem,
} from './sending';
import { IDEMPOTENCY_KEY_PATTERN } from '@portal/contracts';

describe('the checks of the compose and reply forms', () => {
  it('requires a message of at most 2000 characters', () => {
    expect(contentProblem(0)).toBe('required');
    expect(contentProblem(1)).toBeNull();
    expect(contentProblem(2000)).toBeNull();
    expect(contentProblem(2001)).toBe('tooLong');
  });

  it('requires a subject of at most 100 characters once trimmed', () => {
    expect(subjectProblem('   ')).toBe('required');
    expect(subjectProblem('a'.repeat(100))).toBeNull();
    expect(subjectProblem(`  ${'a'.repeat(100)}  `)).toBeNull();
    expect(subjectProblem('a'.repeat(101))).toBe('tooLong');
  });

  it('requires a recipient the patient may write to', () => {
    expect(recipientProblem(null, [1, 2])).toBe('required');
    expect(recipientProblem(3, [1, 2])).toBe('required');
    expect(recipientProblem(2, [1, 2])).toBeNull();
  });

  it("says 'Required' after a send was tried until the field changes, and an over-long field at once", () => {
    expect(shownProblem('required', false)).toBeNull();
    expect(shownProblem('required', true)).toBe('required');
    expect(shownProblem('tooLong', false)).toBe('tooLong');
    expect(shownProblem(null, true)).toBeNull();
  });

  it('words each problem with the shared messages', () => {
    expect(problemMessage('required', 100)).toEqual({ key: 'common.required' });
    expect(problemMessage('tooLong', 100)).toEqual({ key: 'common.maxLength', params: { maxLength: 100 } });
    expect(problemMessage(null, 100)).toBeNull();
  });
});

describe('the idempotency key of a send', () => {
  let n = 0;
  const next = () => `key-${++n}`;

  it('keeps the key for the same unsent message and takes a new one for another', () => {
    const first = keyForSend(null, 'reply:1:<p>a</p>', next);
    expect(keyForSend(first, 'reply:1:<p>a</p>', next)).toBe(first);
    const changed = keyForSend(first, 'reply:1:<p>ab</p>', next);
    expect(changed.key).not.toBe(first.key);
    expect(changed.request).toBe('reply:1:<p>ab</p>');
  });

  it('makes keys the server accepts, with or without randomUUID', () => {
    expect(newIdempotencyKey()).toMatch(IDEMPOTENCY_KEY_PATTERN);
    const withoutUuid: Pick<Crypto, 'getRandomValues'> = { getRandomValues: (array) => crypto.getRandomValues(array) };
    const key = newIdempotencyKey(withoutUuid);
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(key).toHaveLength(32);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
