import { describe, expect, it } from 'vitest';
import { displayName, displayNameLastFirst, isBlank, parseLastCommaFirst } from './person-name';

describe('displayName', () => {
  it('joins first and last', () => {
    expect(displayName({ firstName: 'John', lastName: 'Smith' })).toBe('John Smith');
  });

  it('appends the suffix without a comma', () => {
    expect(displayName({ firstName: 'John', lastName: 'Smith', suffix: 'Jr.' })).toBe('John Smith Jr.');
  });

  it('trims and skips empty parts', () => {
    expect(displayName({ firstName: '  John ', lastName: ' Smith ', suffix: '  ' })).toBe('John Smith');
    expect(displayName({ firstName: '', lastName: 'Smith', suffix: null })).toBe('Smith');
    expect(displayName({ firstName: 'John', lastName: null })).toBe('John');
    expect(displayName({ firstName: ' ', lastName: undefined })).toBe('');
  });
});

describe('displayNameLastFirst', () => {
  it('puts the last name first', () => {
    expect(displayNameLastFirst({ firstName: 'John', lastName: 'Smith' })).toBe('Smith, John');
  });

  it('keeps the suffix with the first name', () => {
    expect(displayNameLastFirst({ firstName: 'John', lastName: 'Smith', suffix: 'Jr.' })).toBe('Smith, John Jr.');
  });

  it('drops the comma when a side is empty', () => {
    expect(displayNameLastFirst({ firstName: ' ', lastName: 'Smith' })).toBe('Smith');
    expect(displayNameLastFirst({ firstName: 'John', lastName: '' })).toBe('John');
    expect(displayNameLastFirst({ firstName: null, lastName: null })).toBe('');
  });
});

describe('parseLastCommaFirst', () => {
  it('splits last,first', () => {
    expect(parseLastCommaFirst('Smith,John')).toEqual({ lastName: 'Smith', firstName: 'John' });
    expect(parseLastCommaFirst(' Smith , John ')).toEqual({ lastName: 'Smith', firstName: 'John' });
  });

  it('treats a value without a comma as a last name', () => {
    expect(parseLastCommaFirst('Smith')).toEqual({ lastName: 'Smith', firstName: '' });
  });

  it('splits on the first comma only', () => {
    expect(parseLastCommaFirst('Smith,John,Jr.')).toEqual({ lastName: 'Smith', firstName: 'John,Jr.' });
  });

  it('handles empty input', () => {
    expect(parseLastCommaFirst('')).toEqual({ lastName: '', firstName: '' });
    expect(parseLastCommaFirst(null)).toEqual({ lastName: '', firstName: '' });
  });
});

describe('isBlank', () => {
  it('is true for null, undefined and whitespace', () => {
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\n')).toBe(true);
  });

  it('is false for text', () => {
    expect(isBlank('a')).toBe(false);
    expect(isBlank(' a ')).toBe(false);
  });
});
