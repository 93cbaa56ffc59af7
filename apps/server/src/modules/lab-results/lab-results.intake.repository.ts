import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { labResultDetails, labResultGroups, labResults } from '../../db/schema/index';
import type { KeyedTable } from '../../platform/intake/keyed-records';

// The rows of lab-results.intake.ts: the result's own, kept by the intake engine, and its groups and their details.

/** Where the intake engine keeps a result: one row per patient and facility identifier. */
export const labResultTable: KeyedTable<'patientId'> = { name: 'lab result', table: labResults, owner: 'patientId' };

export type NewLabResultGroup = typeof labResultGroups.$inferInsert;
export type NewLabResultDetail = typeof labResultDetails.$inferInsert;

/** Removes a result's groups, and with them their details (ON DELETE CASCADE). */
export async function deleteLabResultGroups(tx: Tx, labResultId: number): Promise<void> {
  await tx.delete(labResultGroups).where(eq(labResultGroups.labResultId, labResultId));
}

/** Adds the groups of one result; returns their ids by sort order. */
export async function insertLabResultGroups(tx: Tx, rows: NewLabResultGroup[]): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await tx
    .insert(labResultGroups)
    .values(rows)
    .returning({ id: labResultGroups.id, sortOrder: labResultGroups.sortOrder });
  return new Map(inserted.map((g) => [g.sortOrder, g.id]));
}

export async function insertLabResultDetails(tx: Tx, rows: NewLabResultDetail[]): Promise<void> {
  if (rows.length > 0) await tx.insert(labResultDetails).values(rows);
}
