import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { treatmentSummaryItems } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

export type TreatmentSummaryRow = Awaited<ReturnType<typeof listTreatmentSummaryItems>>[number];

/** Every item of a patient's treatment summary, in their order within each group. */
export function listTreatmentSummaryItems(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: treatmentSummaryItems.id,
      groupName: treatmentSummaryItems.groupName,
      fields: treatmentSummaryItems.fields,
      isNullMessageHolder: treatmentSummaryItems.isNullMessageHolder,
      nullMessage: treatmentSummaryItems.nullMessage,
      isPatientReviewed: treatmentSummaryItems.isPatientReviewed,
    })
    .from(treatmentSummaryItems)
    .where(eq(treatmentSummaryItems.patientId, scope.patientId))
    .orderBy(asc(treatmentSummaryItems.groupName), asc(treatmentSummaryItems.sortOrder), asc(treatmentSummaryItems.id));
}

/** Marks the patient's items with these ids as seen. */
export async function markTreatmentSummaryItemsReviewed(db: DbOrTx, scope: PatientScope, itemIds: number[]) {
  if (itemIds.length === 0) return;
  await db
    .update(treatmentSummaryItems)
    .set({ isPatientReviewed: true })
    .where(and(eq(treatmentSummaryItems.patientId, scope.patientId), inArray(treatmentSummaryItems.id, itemIds)));
}

/** How many of the patient's items are not seen yet. */
export function countUnseenTreatmentSummaryItems(db: DbOrTx, scope: PatientScope) {
  return db
    .select({ n: count() })
    .from(treatmentSummaryItems)
    .where(
      and(eq(treatmentSummaryItems.patientId, scope.patientId), eq(treatmentSummaryItems.isPatientReviewed, false)),
    )
    .then((rows) => rows[0]?.n ?? 0);
}
