import { describe, expect, it } from 'vitest';
import { EMAIL_FORMAT_MESSAGE, EMAIL_MIN_LENGTH, isValidEmail, sameEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    'john@example.com',
    'john.smith@example.com',
    'a@b.co',
    "o'brien+tag@mail.example.org",
    "!#$%&'*+/=?^_`{|}~-@example.com",
    'user@sub-domain.example.museum',
    'user@123.example.com',
    'user@[192.168.0.1]',
    'user@[0.0.0.0]',
    'user@[255.255.255.255]',
    'USER@EXAMPLE.COM',
  ])('accepts %j', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'john@',
    'john@@example.com',
    'john@example',
    '.john@example.com',
    'john.@example.com',
    'john..smith@example.com',
    'john smith@example.com',
    'john(smith)@example.com',
    'john@-example.com',
    'john@example-.com',
    'john@exa_mple.com',
    'john@example..com',
    'john@.example.com',
    'john@example.c',
    'john@example.abcdefghij',
    'john@example.c0m',
    'john@192.168.0.1',
    'john@[256.1.1.1]',
    'john@[192.168.0]',
    'john@[192.168.0.1.5]',
    'john@[01.1.1.1]',
    ' john@example.com',
    'jöhn@example.com',
  ])('rejects %j', (value) => {
    expect(isValidEmail(value)).toBe(false);
  });

  it('has a minimum length of 5', () => {
    expect(EMAIL_MIN_LENGTH).toBe(5);
  });
});

describe('EMAIL_FORMAT_MESSAGE', () => {
  it('is the English message', () => {
    expect(EMAIL_FORMAT_MESSAGE).toBe('Email address is not in correct format.');
  });
});

describe('sameEmail', () => {
  it('ignores case and surrounding whitespace', () => {
    expect(sameEmail('John@Example.com', ' john@example.COM ')).toBe(true);
  });

  it('tells different addresses apart', () => {
    expect(sameEmail('john@example.com', 'jane@example.com')).toBe(false);
    expect(sameEmail('john@example.com', 'john@example.co')).toBe(false);
  });
});
