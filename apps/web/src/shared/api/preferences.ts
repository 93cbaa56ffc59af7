import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preference } from '@portal/contracts';
import { api } from '../../lib/api-instance';
import { answeredAhead, fetchAhead, getTakingAhead } from '../../lib/fetch-ahead';
import { queryClient } from '../../lib/query-client';

/** GET /api/users/{userId}/Preferences?name: one saved preference (a list of none or one). */
export const preferencePath = (userId: number, name: string) =>
  `/api/users/${userId}/Preferences?name=${encodeURIComponent(name)}`;

const savedValue = (answer: Preference[], name: string) => answer.find((p) => p.name === name)?.value ?? null;

/**
 * The saved value, or null when the user never chose one. A page whose list waits for its saved filter asks
 * for it ahead with its data (its `prefetch`), so the list does not wait for one more call after the data.
 */
export const preferenceQuery = (userId: number, name: string) =>
  queryOptions({
    queryKey: ['user', userId, 'preference', name],
    queryFn: async ({ signal }): Promise<string | null> =>
      savedValue(await getTakingAhead<Preference[]>(preferencePath(userId, name), signal), name),
    initialData: () => {
      const answer = answeredAhead<Preference[]>(preferencePath(userId, name));
      return answer === undefined ? undefined : savedValue(answer, name);
    },
    staleTime: 5 * 60_000,
  });

/** A saved preference a page's list waits for, asked for ahead with the page's data (its `prefetch`). */
export const fetchPreferenceAhead = (userId: number, name: string) =>
  fetchAhead<Preference[]>(preferencePath(userId, name));

/** PUT /api/users/{userId}/Preferences: the cache holds the new value at once, the server remembers it. */
export async function savePreference(userId: number, name: string, value: string): Promise<void> {
  queryClient.setQueryData(preferenceQuery(userId, name).queryKey, value);
  await api.put<void>(`/api/users/${userId}/Preferences`, { userId, name, value });
}

/**
 * A remembered choice (a date filter, how articles open). `loaded` turns true once the saved value is
 * known, or known to be unavailable (a failed read behaves as never saved: the page uses its default).
 */
export function useSavedPreference(
  userId: number | null,
  name: string,
): { value: string | null; loaded: boolean; save: (value: string) => void } {
  const query = useQuery({ ...preferenceQuery(userId ?? 0, name), enabled: userId !== null, retry: false });
  return {
    value: query.data ?? null,
    loaded: userId === null || query.isSuccess || query.isError,
    save: (value) => {
      if (userId === null) return;
      savePreference(userId, name, value).catch(() => {
        // Not remembered for next time; the choice still applies now.
      });
    },
  };
}
