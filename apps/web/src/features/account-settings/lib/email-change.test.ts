import { describe, expect, it } from 'vitest';
import { emailChangeNeedsPassword } from './email-change';

describe('emailChangeNeedsPassword (issue 31, finding 5)', () => {
  it('asks a single sign-on session for the password when the account has one', () => {
    expect(emailChangeNeedsPassword({ email: 'jane@example.com', hasPassword: true, canChangePassword: false })).toBe(
      true,
    );
  });

  it('asks nothing of an account without a password, nor for a first address', () => {
    expect(emailChangeNeedsPassword({ email: 'sso@example.com', hasPassword: false, canChangePassword: false })).toBe(
      false,
    );
    expect(emailChangeNeedsPassword({ email: null, hasPassword: true, canChangePassword: true })).toBe(false);
  });

  it('falls back to the password session when the profile does not say', () => {
    expect(emailChangeNeedsPassword({ email: 'a@example.com', canChangePassword: true })).toBe(true);
    expect(emailChangeNeedsPassword({ email: 'a@example.com', canChangePassword: false })).toBe(false);
  });
});
