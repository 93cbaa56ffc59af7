import { describe, expect, it } from 'vitest';
import { parseVerificationFields } from './verification-fields';

describe('sign-up verification fields', () => {
  it('reads the facility verification field list', () => {
    expect([...parseVerificationFields('pin, MRN ,x')]).toEqual(['pin', 'mrn']);
    expect(parseVerificationFields('').size).toBe(0);
    expect(parseVerificationFields(undefined).size).toBe(0);
  });
});
