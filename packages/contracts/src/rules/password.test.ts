import { describe, expect, it } from 'vitest';
import {
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PASSWORD_RULES_MESSAGE,
  PASSWORD_SPECIAL_CHARACTERS,
  checkPassword,
  formatPasswordHintEnglish,
  normalizePasswordRules,
  passwordHintParts,
} from './password';
import type { PasswordRules } from './password';

const rules: PasswordRules = { minimumLength: 12, numOfCapitalLetters: 1, numOfNumbers: 1, numOfSpecialCharacters: 1 };

describe('password constants', () => {
  it('has the agreed special characters and messages', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe('!@#$%&()+');
    expect(PASSWORD_RULES_MESSAGE).toBe('Password does not meet security requirements');
    expect(PASSWORDS_DO_NOT_MATCH_MESSAGE).toBe('Passwords do not match');
  });
});

describe('normalizePasswordRules', () => {
  it('keeps the canonical shape', () => {
    expect(normalizePasswordRules(rules)).toEqual(rules);
  });

  it('maps the alias shape', () => {
    expect(normalizePasswordRules({ minLength: 8, capitalLetters: 2, numbers: 3, specialCharacters: 4 })).toEqual({
      minimumLength: 8,
      numOfCapitalLetters: 2,
      numOfNumbers: 3,
      numOfSpecialCharacters: 4,
    });
  });

  it('treats missing fields as 0', () => {
    expect(normalizePasswordRules({ minLength: 8 })).toEqual({
      minimumLength: 8,
      numOfCapitalLetters: 0,
      numOfNumbers: 0,
      numOfSpecialCharacters: 0,
    });
    expect(normalizePasswordRules({})).toEqual({
      minimumLength: 0,
      numOfCapitalLetters: 0,
      numOfNumbers: 0,
      numOfSpecialCharacters: 0,
    });
    expect(normalizePasswordRules(undefined).minimumLength).toBe(0);
  });

  it('treats negative or non-numeric counts as 0', () => {
    expect(normalizePasswordRules({ minimumLength: -3, numbers: Number.NaN })).toEqual({
      minimumLength: 0,
      numOfCapitalLetters: 0,
      numOfNumbers: 0,
      numOfSpecialCharacters: 0,
    });
  });
});

describe('checkPassword', () => {
  it('passes a password meeting every rule', () => {
    expect(checkPassword('Abcdefghij1!', rules)).toEqual({ ok: true, failures: [] });
  });

  it('reports every failed rule in order', () => {
    expect(checkPassword('abc', rules)).toEqual({
      ok: false,
      failures: ['minimumLength', 'capitalLetters', 'numbers', 'specialCharacters'],
    });
  });

  it('checks the length', () => {
    expect(checkPassword('Abcdefghi1!', rules)).toEqual({ ok: false, failures: ['minimumLength'] });
  });

  it('counts only A-Z as capitals', () => {
    expect(checkPassword('ÁbcdefghijK1!', { ...rules, numOfCapitalLetters: 2 }).failures).toEqual(['capitalLetters']);
    expect(checkPassword('AbcdefghijK1!', { ...rules, numOfCapitalLetters: 2 }).ok).toBe(true);
  });

  it('counts only 0-9 as numbers', () => {
    expect(checkPassword('Abcdefghij!٣', rules).failures).toEqual(['numbers']);
  });

  it('counts only the listed special characters', () => {
    expect(checkPassword('Abcdefghij1*', rules).failures).toEqual(['specialCharacters']);
    expect(checkPassword('Abcdefghij1-', rules).failures).toEqual(['specialCharacters']);
    for (const special of PASSWORD_SPECIAL_CHARACTERS) {
      expect(checkPassword(`Abcdefghij1${special}`, rules).ok).toBe(true);
    }
  });

  it('accepts the alias shape', () => {
    expect(checkPassword('abcdefgh', { minLength: 8 }).ok).toBe(true);
    expect(checkPassword('abcdefg', { minLength: 8 }).failures).toEqual(['minimumLength']);
  });

  it('accepts anything when there are no rules', () => {
    expect(checkPassword('', {})).toEqual({ ok: true, failures: [] });
  });
});

describe('passwordHintParts', () => {
  it('lists the parts above 0 in order', () => {
    expect(passwordHintParts(rules)).toEqual([
      { key: 'minimumLength', count: 12 },
      { key: 'capitalLetters', count: 1 },
      { key: 'numbers', count: 1 },
      { key: 'specialCharacters', count: 1 },
    ]);
    expect(passwordHintParts({ minLength: 8, specialCharacters: 2 })).toEqual([
      { key: 'minimumLength', count: 8 },
      { key: 'specialCharacters', count: 2 },
    ]);
    expect(passwordHintParts({})).toEqual([]);
  });
});

describe('formatPasswordHintEnglish', () => {
  it('produces the agreed sentence', () => {
    expect(formatPasswordHintEnglish(rules)).toBe(
      'Use at least 12 characters, 1 capital letter, 1 number and 1 special character (! @ # $ % & ( ) +)',
    );
  });

  it('uses plurals', () => {
    expect(
      formatPasswordHintEnglish({
        minimumLength: 1,
        numOfCapitalLetters: 2,
        numOfNumbers: 3,
        numOfSpecialCharacters: 2,
      }),
    ).toBe('Use at least 1 character, 2 capital letters, 3 numbers and 2 special characters (! @ # $ % & ( ) +)');
  });

  it('joins one or two parts', () => {
    expect(formatPasswordHintEnglish({ minLength: 8 })).toBe('Use at least 8 characters');
    expect(formatPasswordHintEnglish({ minLength: 8, numbers: 1 })).toBe('Use at least 8 characters and 1 number');
  });

  it('is empty without rules', () => {
    expect(formatPasswordHintEnglish({})).toBe('');
  });
});
