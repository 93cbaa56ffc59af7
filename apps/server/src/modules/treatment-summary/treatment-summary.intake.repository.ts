import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { treatmentSummaryItems } from '../../db/schema/index';

// The writes of treatment-summary.intake.ts: items keyed by the facility's identifier (unique per patient).

export type NewTreatmentSummaryItem = typeof treatmentSummaryItems.$inferInsert;
/** The fields a replacement rewrites (not the patient, the identifier or the creation time). */
export type TreatmentSummaryItemFields = Omit<NewTreatmentSummaryItem, 'id' | 'patientId' | 'externalId' | 'createdAt'>;

/** A patient's item under the facility's identifier, locked for the rest of the transaction, or undefined. */
export function findTreatmentSummaryItemByExternalId(tx: Tx, patientId: number, externalId: string) {
  return tx
    .select({
      id: treatmentSummaryItems.id,
      contentHash: treatmentSummaryItems.contentHash,
      withdrawnAt: treatmentSummaryItems.withdrawnAt,
    })
    .from(treatmentSummaryItems)
    .where(and(eq(treatmentSummaryItems.patientId, patientId), eq(treatmentSummaryItems.externalId, externalId)))
    .limit(1)
    .for('update')
    .then((rows) => rows[0]);
}

/**
 * Adds an item; its id, or undefined when an item with the same identifier was added meanwhile (a concurrent PUT
 * of the same item: the caller then replaces that one).
 */
export async function insertTreatmentSummaryItem(tx: Tx, row: NewTreatmentSummaryItem): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(treatmentSummaryItems)
    .values(row)
    .onConflictDoNothing({
      target: [treatmentSummaryItems.patientId, treatmentSummaryItems.externalId],
      where: isNotNull(treatmentSummaryItems.externalId),
    })
    .returning({ id: treatmentSummaryItems.id });
  return inserted?.id;
}

export async function updateTreatmentSummaryItem(
  tx: Tx,
  itemId: number,
  fields: TreatmentSummaryItemFields,
): Promise<void> {
  await tx.update(treatmentSummaryItems).set(fields).where(eq(treatmentSummaryItems.id, itemId));
}

/** Marks an item withdrawn: the patient no longer sees it; the row stays for the audit trail. */
export async function setTreatmentSummaryItemWithdrawn(tx: Tx, itemId: number, at: Date): Promise<void> {
  await tx.update(treatmentSummaryItems).set({ withdrawnAt: at }).where(eq(treatmentSummaryItems.id, itemId));
}
