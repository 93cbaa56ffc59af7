import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { labResultDetails, labResultGroups, labResults } from '../../db/schema/index';

// The writes of lab-results.intake.ts: a result keyed by the facility's identifier, its groups, their details.

export type NewLabResult = typeof labResults.$inferInsert;
export type NewLabResultGroup = typeof labResultGroups.$inferInsert;
export type NewLabResultDetail = typeof labResultDetails.$inferInsert;
/** The fields a replacement rewrites (not the patient, the identifier or the creation time). */
export type LabResultFields = Omit<NewLabResult, 'id' | 'patientId' | 'externalId' | 'createdAt'>;

/** A patient's result under the facility's identifier, locked for the rest of the transaction, or undefined. */
export function findLabResultByExternalId(tx: Tx, patientId: number, externalId: string) {
  return tx
    .select({ id: labResults.id, contentHash: labResults.contentHash, withdrawnAt: labResults.withdrawnAt })
    .from(labResults)
    .where(and(eq(labResults.patientId, patientId), eq(labResults.externalId, externalId)))
    .limit(1)
    .for('update')
    .then((rows) => rows[0]);
}

/**
 * Adds a result; its id, or undefined when a result with the same identifier was added meanwhile (a concurrent
 * PUT of the same record: the caller then replaces that one).
 */
export async function insertLabResult(tx: Tx, row: NewLabResult): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(labResults)
    .values(row)
    .onConflictDoNothing({
      target: [labResults.patientId, labResults.externalId],
      where: isNotNull(labResults.externalId),
    })
    .returning({ id: labResults.id });
  return inserted?.id;
}

export async function updateLabResult(tx: Tx, labResultId: number, fields: LabResultFields): Promise<void> {
  await tx.update(labResults).set(fields).where(eq(labResults.id, labResultId));
}

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

/** Marks a result withdrawn: the patient no longer sees it anywhere; the row stays for the audit trail. */
export async function setLabResultWithdrawn(tx: Tx, labResultId: number, at: Date): Promise<void> {
  await tx.update(labResults).set({ withdrawnAt: at }).where(eq(labResults.id, labResultId));
}
