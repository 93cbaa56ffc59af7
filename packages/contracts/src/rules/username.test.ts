import { describe, expect, it } from 'vitest';
import { USERNAME_MAX, USERNAME_MIN, isValidUsername } from './username';

describe('isValidUsername', () => {
  it.each(['abcd', '1abc', 'john.smith', 'john_smith-2', 'john@example.com', 'A'.repeat(100), 'a...'])(
    'accepts %j',
    (value) => {
      expect(isValidUsername(value)).toBe(true);
    },
  );

  it.each([
    '',
    'abc',
    'A'.repeat(101),
    '.abcd',
    '_abcd',
    '-abcd',
    '@abcd',
    'john smith',
    'john+smith',
    'john!',
    'jöhn',
    ' abcd',
    'abcd ',
  ])('rejects %j', (value) => {
    expect(isValidUsername(value)).toBe(false);
  });

  it('allows 4 to 100 characters', () => {
    expect(USERNAME_MIN).toBe(4);
    expect(USERNAME_MAX).toBe(100);
  });
});
