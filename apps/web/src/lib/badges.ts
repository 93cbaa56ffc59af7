import type { CapabilityModuleName } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { queryClient } from './query-client';

/** Asks one module how many unread or new items the patient has. */
export type BadgeSource = (patientId: number) => Promise<number>;

/** Counts by capability module name ('SecureMessages', 'Education', ...); a module without a source is absent. */
export type BadgeCounts = Partial<Record<CapabilityModuleName, number>>;

const BADGES_KEY = 'badges';
const sources = new Map<CapabilityModuleName, BadgeSource>();

/**
 * The one place header badges come from: a module registers its count call under its capability module
 * name (registering again replaces the source). The header refreshes at once.
 */
export function registerBadge(moduleName: CapabilityModuleName, source: BadgeSource): void {
  sources.set(moduleName, source);
  refreshBadges();
}

/** Forgets a source (tests, or a module that no longer counts). */
export function unregisterBadge(moduleName: CapabilityModuleName): void {
  if (sources.delete(moduleName)) refreshBadges();
}

/** The module names that have a source, in registration order. */
export function registeredBadges(): CapabilityModuleName[] {
  return [...sources.keys()];
}

/**
 * Asks every registered source at once, or only those of the modules `granted` names (a module the facility
 * does not grant is not asked: its count call would only be refused). A source that fails or answers nonsense
 * counts 0: a badge is a hint, and one module's failure must not hide the others' counts nor raise an error in
 * the header.
 */
export async function collectBadgeCounts(
  patientId: number,
  granted?: (moduleName: CapabilityModuleName) => boolean,
): Promise<BadgeCounts> {
  const entries = [...sources.entries()].filter(([moduleName]) => granted?.(moduleName) ?? true);
  const results = await Promise.allSettled(entries.map(([, source]) => source(patientId)));
  const counts: BadgeCounts = {};
  entries.forEach(([moduleName], index) => {
    const result = results[index];
    const value = result?.status === 'fulfilled' ? result.value : 0;
    counts[moduleName] = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  });
  return counts;
}

/** The counts of the patient whose record is shown, of the modules `granted` names (default: every one). */
export const badgesQuery = (patientId: number, granted?: (moduleName: CapabilityModuleName) => boolean) =>
  queryOptions({
    queryKey: [BADGES_KEY, patientId],
    queryFn: () => collectBadgeCounts(patientId, granted),
    staleTime: 60_000,
  });

/** Asks again: call it after an action that changes a count (a message read, an article opened, ...). */
export function refreshBadges(): void {
  void queryClient.invalidateQueries({ queryKey: [BADGES_KEY] });
}

/** The count to show for a module: only a positive one shows a badge. */
export function badgeCount(counts: BadgeCounts | undefined, moduleName: CapabilityModuleName): number {
  const value = counts?.[moduleName] ?? 0;
  return value > 0 ? value : 0;
}
