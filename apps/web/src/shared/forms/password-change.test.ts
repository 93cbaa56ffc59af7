import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/client';
import { messageBar } from '../../lib/api-instance';
import { EMPTY_PASSWORD_CHANGE, passwordChangeErrors, showPasswordChangeFailure } from './password-change';

// The real message bar's module reads the browser's session storage as it loads; these tests run without a browser.
vi.mock('../../lib/api-instance', () => ({ messageBar: { show: vi.fn() } }));

// Any string a server may send, listed in the contract or not.
const refused = (code: string | undefined, body?: unknown) =>
  new ApiError({ status: 400, code: code as ApiError['code'], message: 'refused', body });

afterEach(() => vi.clearAllMocks());

describe('passwordChangeErrors', () => {
  it('requires every field', () => {
    expect(passwordChangeErrors(EMPTY_PASSWORD_CHANGE, undefined)).toEqual({
      oldPassword: 'common.required',
      newPassword: 'common.required',
      confirmPassword: 'common.required',
    });
  });

  it("gives the password change's mismatch wording and nothing for a valid form", () => {
    const values = { oldPassword: 'old', newPassword: 'New-password1', confirmPassword: 'other' };
    expect(passwordChangeErrors(values, undefined).confirmPassword).toBe('updatePassword.passwordsDoNotMatch');
    expect(passwordChangeErrors({ ...values, confirmPassword: 'New-password1' }, undefined)).toEqual({
      oldPassword: undefined,
      newPassword: undefined,
      confirmPassword: undefined,
    });
  });
});

describe('showPasswordChangeFailure', () => {
  it.each([
    ['invalid_old_password', 'oldPassword', 'updatePassword.currentIncorrect'],
    ['invalid_grant', 'oldPassword', 'updatePassword.currentIncorrect'],
    ['password_must_be_different', 'newPassword', 'updatePassword.mustBeDifferent'],
    ['password_rules', 'newPassword', 'password.rulesNotMet'],
    ['confirm_mismatch', 'confirmPassword', 'updatePassword.passwordsDoNotMatch'],
  ])('puts %s on its field', (code, field, key) => {
    const show = vi.fn();
    expect(showPasswordChangeFailure(refused(code), show)).toBe(true);
    expect(show).toHaveBeenCalledWith({ [field]: key });
  });

  it('tells the minutes of a lock-out (15 when the server gives none)', () => {
    const bar = vi.mocked(messageBar.show);
    expect(showPasswordChangeFailure(refused('lockedout', { minutesLeft: 7 }), vi.fn())).toBe(true);
    expect(showPasswordChangeFailure(refused('lockedout'), vi.fn())).toBe(true);
    expect(bar.mock.calls.map(([message]) => message)).toEqual([
      { type: 'error', key: 'updatePassword.lockedOut', params: { minutes: 7, count: 7 } },
      { type: 'error', key: 'updatePassword.lockedOut', params: { minutes: 15, count: 15 } },
    ]);
  });

  it('leaves any other failure to the caller', () => {
    const show = vi.fn();
    expect(showPasswordChangeFailure(refused('something_else'), show)).toBe(false);
    expect(showPasswordChangeFailure(refused(undefined), show)).toBe(false);
    expect(showPasswordChangeFailure(new Error('network'), show)).toBe(false);
    expect(show).not.toHaveBeenCalled();
  });
});
