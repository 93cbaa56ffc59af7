import { and, asc, count, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { treatmentSummaryItems } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

/** The patient's items the portal shows: every one the facility has not withdrawn. */
const shownItemsOf = (scope: PatientScope) =>
  and(eq(treatmentSummaryItems.patientId, scope.patientId), isNull(treatmentSummaryItems.withdrawnAt));

/** The same, with the patient a placeholder (the hot reads are prepared statements, db/prepared.ts). */
const shownItems = and(
  eq(treatmentSummaryItems.patientId, sql.placeholder('patientId')),
  isNull(treatmentSummaryItems.withdrawnAt),
);

export type TreatmentSummaryRow = Awaited<ReturnType<typeof listTreatmentSummaryItems>>[number];

/** Every item (not withdrawn) of a patient's treatment summary, in their order within each group. */
export function listTreatmentSummaryItems(db: DbOrTx, scope: PatientScope) {
  return prepared(db, 'treatment_summary_items', (db) =>
    db
      .select({
        id: treatmentSummaryItems.id,
        groupName: treatmentSummaryItems.groupName,
        // As the stored JSON text: the service keeps each text's checked fields, so a summary viewed again is
        // not parsed and checked again.
        fieldsJson: sql<string>`${treatmentSummaryItems.fields}::text`,
        isNullMessageHolder: treatmentSummaryItems.isNullMessageHolder,
        nullMessage: treatmentSummaryItems.nullMessage,
        isPatientReviewed: treatmentSummaryItems.isPatientReviewed,
      })
      .from(treatmentSummaryItems)
      .where(shownItems)
      .orderBy(
        asc(treatmentSummaryItems.groupName),
        asc(treatmentSummaryItems.sortOrder),
        asc(treatmentSummaryItems.id),
      )
      .prepare('treatment_summary_items'),
  ).execute({ patientId: scope.patientId });
}

/** Marks the patient's items with these ids as seen (those a concurrent view marked already are left alone). */
export async function markTreatmentSummaryItemsReviewed(db: DbOrTx, scope: PatientScope, itemIds: number[]) {
  if (itemIds.length === 0) return;
  await db
    .update(treatmentSummaryItems)
    .set({ isPatientReviewed: true })
    .where(
      and(
        shownItemsOf(scope),
        inArray(treatmentSummaryItems.id, itemIds),
        not(treatmentSummaryItems.isPatientReviewed),
      ),
    );
}

/** How many of the patient's items (not withdrawn) are not seen yet. */
export function countUnseenTreatmentSummaryItems(db: DbOrTx, scope: PatientScope) {
  return prepared(db, 'treatment_summary_unseen_count', (db) =>
    db
      .select({ n: count() })
      .from(treatmentSummaryItems)
      .where(and(shownItems, not(treatmentSummaryItems.isPatientReviewed)))
      .prepare('treatment_summary_unseen_count'),
  )
    .execute({ patientId: scope.patientId })
    .then((rows) => rows[0]?.n ?? 0);
}
