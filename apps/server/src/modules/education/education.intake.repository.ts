import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { educationArticles, educationMaterials } from '../../db/schema/index';
import type { KeyedTable } from '../../platform/intake/keyed-records';

// The rows of education.intake.ts: the facility's library (materials keyed by the facility's identifier, unique per
// facility), and articles assigned to patients (keyed by the facility's identifier, unique per patient), both kept
// by the intake engine.

/** Where the intake engine keeps a material of the facility's library: one row per facility identifier. */
export const educationMaterialTable: KeyedTable<'facilityId'> = {
  name: 'education material',
  table: educationMaterials,
  owner: 'facilityId',
};

/** Where the intake engine keeps an assignment to a patient: one row per patient and facility identifier. */
export const educationArticleTable: KeyedTable<'patientId'> = {
  name: 'education article',
  table: educationArticles,
  owner: 'patientId',
};

/** The id of the facility's material under this identifier, if it is in the library (not withdrawn). */
export function findLiveMaterialId(tx: Tx, facilityId: number, externalId: string): Promise<number | undefined> {
  return (
    tx
      .select({ id: educationMaterials.id })
      .from(educationMaterials)
      .where(
        and(
          eq(educationMaterials.facilityId, facilityId),
          eq(educationMaterials.externalId, externalId),
          isNull(educationMaterials.withdrawnAt),
        ),
      )
      .limit(1)
      // Kept in the library until the assignment is written: a concurrent withdrawal waits for it.
      .for('share')
      .then((rows) => rows[0]?.id)
  );
}

/**
 * Another assignment, not withdrawn, of the same material to the patient on the same day (the portal assigns a
 * material once a day), or undefined.
 */
export function findSameDayAssignment(
  tx: Tx,
  patientId: number,
  materialId: number,
  assignedDate: string,
  exceptId: number | null,
) {
  return tx
    .select({ id: educationArticles.id, externalId: educationArticles.externalId })
    .from(educationArticles)
    .where(
      and(
        eq(educationArticles.patientId, patientId),
        eq(educationArticles.materialId, materialId),
        eq(educationArticles.assignedDate, assignedDate),
        isNull(educationArticles.withdrawnAt),
        ...(exceptId === null ? [] : [ne(educationArticles.id, exceptId)]),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}
