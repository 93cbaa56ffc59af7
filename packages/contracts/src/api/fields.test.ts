import { describe, expect, it } from 'vitest';
import { emailSchema, usernameSchema } from './fields';

describe('emailSchema', () => {
  it('trims and accepts a valid address', () => {
    expect(emailSchema.parse('  john@example.com ')).toBe('john@example.com');
  });

  it('fails with the emailInvalidFormat key', () => {
    const result = emailSchema.safeParse('john@example');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['emailInvalidFormat']);
  });
});

describe('usernameSchema', () => {
  it('accepts a valid username', () => {
    expect(usernameSchema.parse('john.smith')).toBe('john.smith');
  });

  it('fails with the agreed message', () => {
    const result = usernameSchema.safeParse('ab');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Invalid username format']);
  });
});
