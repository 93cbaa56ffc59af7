import { describe, expect, it } from 'vitest';
import { PHONE_TYPE, cleanPhone, formatPhone, formatPhoneAsTyped } from './phone';

describe('cleanPhone', () => {
  it('strips every non-digit', () => {
    expect(cleanPhone('(555) 123-4567 ext. 8')).toBe('55512345678');
    expect(cleanPhone('+1 555.123.4567')).toBe('15551234567');
    expect(cleanPhone('abc')).toBe('');
  });
});

describe('formatPhone', () => {
  it('formats 7 digits', () => {
    expect(formatPhone('5551234')).toBe('555-1234');
    expect(formatPhone('555 1234')).toBe('555-1234');
  });

  it('formats 10 digits', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555.123.4567')).toBe('(555) 123-4567');
  });

  it('returns other lengths untouched', () => {
    expect(formatPhone('+1 555 123 4567')).toBe('+1 555 123 4567');
    expect(formatPhone('555-12')).toBe('555-12');
    expect(formatPhone('')).toBe('');
  });
});

describe('formatPhoneAsTyped', () => {
  it('formats complete numbers', () => {
    expect(formatPhoneAsTyped('555-1234')).toBe('555-1234');
    expect(formatPhoneAsTyped('555123456a7')).toBe('(555) 123-4567');
  });

  it('returns bare digits for other lengths', () => {
    expect(formatPhoneAsTyped('(555) 12')).toBe('55512');
    expect(formatPhoneAsTyped('555-1234-5')).toBe('55512345');
    expect(formatPhoneAsTyped('')).toBe('');
  });
});

describe('PHONE_TYPE', () => {
  it('has the agreed ids', () => {
    expect(PHONE_TYPE).toEqual({ default: 0, home: 1, fax: 2, cell: 3, work: 4 });
  });
});
