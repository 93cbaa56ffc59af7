import { describe, expect, it } from 'vitest';
import {
  birthDateErrors,
  confirmPasswordError,
  digitsOnly,
  emailError,
  onlyErrors,
  passwordError,
  requiredError,
  usernameError,
} from './validation';

const riverside = { minimumLength: 12, numOfCapitalLetters: 1, numOfNumbers: 1, numOfSpecialCharacters: 1 };

describe('form validation', () => {
  it('keeps digits only, up to the field length', () => {
    expect(digitsOnly('1a2-3', 2)).toBe('12');
    expect(digitsOnly('123-45-6789', 9)).toBe('123456789');
  });

  it('checks the birth date parts', () => {
    expect(birthDateErrors({ day: '', month: '', year: '' })).toEqual({
      day: 'common.required',
      month: 'common.required',
      year: 'common.required',
    });
    expect(birthDateErrors({ day: '32', month: '13', year: '81' })).toEqual({
      day: 'birthDate.dayInvalid',
      month: 'birthDate.monthInvalid',
      year: 'birthDate.yearInvalid',
    });
    expect(birthDateErrors({ day: '0', month: '00', year: '1981' })).toEqual({
      day: 'birthDate.dayInvalid',
      month: 'birthDate.monthInvalid',
    });
    expect(birthDateErrors({ day: '14', month: '3', year: '1981' })).toEqual({});
  });

  it('checks email, username and passwords with the spec messages', () => {
    expect(emailError(' ')).toBe('common.required');
    expect(emailError('a@b')).toBe('common.emailFormat');
    expect(emailError('a..b@example.com')).toBe('common.emailFormat');
    expect(emailError('maria@example.com')).toBeUndefined();
    expect(usernameError('')).toBe('common.required');
    expect(usernameError('abc')).toBe('createAccount.usernameFormat');
    expect(usernameError('.maria')).toBe('createAccount.usernameFormat');
    expect(usernameError('maria.garcia')).toBeUndefined();
    expect(passwordError('', riverside)).toBe('common.required');
    expect(passwordError('short', riverside)).toBe('password.rulesNotMet');
    expect(passwordError('Long enough #1', riverside)).toBeUndefined();
    expect(passwordError('short', undefined)).toBeUndefined();
    expect(confirmPasswordError('a', '', 'createAccount.passwordsDoNotMatch')).toBe('common.required');
    expect(confirmPasswordError('a', 'b', 'createAccount.passwordsDoNotMatch')).toBe(
      'createAccount.passwordsDoNotMatch',
    );
    expect(confirmPasswordError('a', 'b', 'updatePassword.passwordsDoNotMatch')).toBe(
      'updatePassword.passwordsDoNotMatch',
    );
    expect(confirmPasswordError('a', 'a', 'createAccount.passwordsDoNotMatch')).toBeUndefined();
  });

  it('requires text that is not blank and keeps only the fields with an error', () => {
    expect(requiredError('  ')).toBe('common.required');
    expect(requiredError('x')).toBeUndefined();
    expect(onlyErrors({ a: 'common.required', b: undefined })).toEqual({ a: 'common.required' });
  });
});
