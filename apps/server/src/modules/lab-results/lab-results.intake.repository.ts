import type { Tx } from '../../db/client';
import { labResultDetails, labResultGroups, labResults } from '../../db/schema/index';

// The writes of lab-results.intake.ts: a result, its groups, their details.

export type NewLabResult = typeof labResults.$inferInsert;
export type NewLabResultGroup = typeof labResultGroups.$inferInsert;
export type NewLabResultDetail = typeof labResultDetails.$inferInsert;

export async function insertLabResult(tx: Tx, row: NewLabResult): Promise<number> {
  const [inserted] = await tx.insert(labResults).values(row).returning({ id: labResults.id });
  if (!inserted) throw new Error('Adding a lab result returned no row');
  return inserted.id;
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
