import { describe, expect, it } from 'vitest';
import { SealedTokens } from './sealed-tokens';

describe('SealedTokens', () => {
  it('opens what it sealed until it expires', () => {
    let now = 1_000;
    const tokens = new SealedTokens('s'.repeat(40), () => now);
    const token = tokens.seal({ invitationId: 7, pin: '123456' }, 60_000);
    expect(token).not.toContain('123456');
    expect(tokens.open(token)).toMatchObject({ invitationId: 7, pin: '123456' });
    now += 60_000;
    expect(tokens.open(token)).toBeNull();
  });

  it('refuses a token sealed with another secret, or altered', () => {
    const mine = new SealedTokens('a'.repeat(40));
    const theirs = new SealedTokens('b'.repeat(40));
    const token = theirs.seal({ x: 1 }, 60_000);
    expect(mine.open(token)).toBeNull();
    const good = mine.seal({ x: 1 }, 60_000);
    const altered = good.slice(0, -2) + (good.endsWith('A') ? 'BB' : 'AA');
    expect(mine.open(altered)).toBeNull();
    expect(mine.open('garbage')).toBeNull();
    expect(mine.open('')).toBeNull();
  });
});
