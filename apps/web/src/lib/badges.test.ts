import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  badgeCount,
  badgesQuery,
  collectBadgeCounts,
  refreshBadges,
  registerBadge,
  registeredBadges,
  unregisterBadge,
} from './badges';
import { queryClient } from './query-client';

afterEach(() => {
  registeredBadges().forEach(unregisterBadge);
  queryClient.clear();
});

describe('the badge registry', () => {
  it('asks every registered source for the patient and keys the answers by module', async () => {
    const messages = vi.fn((patientId: number) => Promise.resolve(patientId === 7 ? 3 : 0));
    const education = vi.fn(() => Promise.resolve(0));
    registerBadge('SecureMessages', messages);
    registerBadge('Education', education);

    expect(await collectBadgeCounts(7)).toEqual({ SecureMessages: 3, Education: 0 });
    expect(messages).toHaveBeenCalledWith(7);
    expect(education).toHaveBeenCalledWith(7);
  });

  it('has no counts while no module has registered', async () => {
    expect(registeredBadges()).toEqual([]);
    expect(await collectBadgeCounts(7)).toEqual({});
  });

  it('counts a failing or nonsensical source as 0 and keeps the others', async () => {
    registerBadge('SecureMessages', () => Promise.reject(new Error('down')));
    registerBadge('Education', () => Promise.resolve(Number.NaN));
    registerBadge('TestResults', () => Promise.resolve(-2));
    registerBadge('MedicalNotes', () => Promise.resolve(2.7));
    expect(await collectBadgeCounts(1)).toEqual({ SecureMessages: 0, Education: 0, TestResults: 0, MedicalNotes: 2 });
  });

  it('replaces a source registered again under the same module', async () => {
    registerBadge('SecureMessages', () => Promise.resolve(1));
    registerBadge('SecureMessages', () => Promise.resolve(5));
    expect(registeredBadges()).toEqual(['SecureMessages']);
    expect(await collectBadgeCounts(1)).toEqual({ SecureMessages: 5 });
  });

  it('asks only the modules the facility grants', async () => {
    const messages = vi.fn(() => Promise.resolve(4));
    const education = vi.fn(() => Promise.resolve(1));
    registerBadge('SecureMessages', messages);
    registerBadge('Education', education);
    expect(await collectBadgeCounts(1, (name) => name === 'Education')).toEqual({ Education: 1 });
    expect(messages).not.toHaveBeenCalled();
  });

  it('shows a badge only for a positive count', () => {
    expect(badgeCount({ SecureMessages: 3, Education: 0 }, 'SecureMessages')).toBe(3);
    expect(badgeCount({ SecureMessages: 3, Education: 0 }, 'Education')).toBe(0);
    expect(badgeCount({}, 'TestResults')).toBe(0);
    expect(badgeCount(undefined, 'TestResults')).toBe(0);
  });
});

describe('badgesQuery and refreshBadges', () => {
  it('caches the counts per patient and asks again after refreshBadges', async () => {
    let unread = 2;
    const source = vi.fn(() => Promise.resolve(unread));
    registerBadge('SecureMessages', source);

    expect(await queryClient.fetchQuery(badgesQuery(7))).toEqual({ SecureMessages: 2 });
    // Cached: a second read within the stale time does not ask.
    expect(await queryClient.fetchQuery(badgesQuery(7))).toEqual({ SecureMessages: 2 });
    expect(source).toHaveBeenCalledTimes(1);

    unread = 0;
    refreshBadges();
    expect(await queryClient.fetchQuery(badgesQuery(7))).toEqual({ SecureMessages: 0 });
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('keeps patients apart', () => {
    expect(badgesQuery(7).queryKey).not.toEqual(badgesQuery(8).queryKey);
  });

  it('a module registering later refreshes what is cached', async () => {
    expect(await queryClient.fetchQuery(badgesQuery(7))).toEqual({});
    registerBadge('Education', () => Promise.resolve(4));
    expect(queryClient.getQueryState(badgesQuery(7).queryKey)?.isInvalidated).toBe(true);
    expect(await queryClient.fetchQuery(badgesQuery(7))).toEqual({ Education: 4 });
  });
});
