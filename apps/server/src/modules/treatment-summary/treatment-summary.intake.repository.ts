import type { Tx } from '../../db/client';
import { treatmentSummaryItems } from '../../db/schema/index';

// The writes of treatment-summary.intake.ts.

export type NewTreatmentSummaryItem = typeof treatmentSummaryItems.$inferInsert;

export async function insertTreatmentSummaryItems(tx: Tx, rows: NewTreatmentSummaryItem[]): Promise<void> {
  if (rows.length > 0) await tx.insert(treatmentSummaryItems).values(rows);
}
