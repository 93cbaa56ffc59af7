import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { educationArticles, educationMaterials } from '../../db/schema/index';

// The writes of education.intake.ts: the facility's library (materials keyed by the facility's identifier, unique
// per facility), and articles assigned to patients (keyed by the facility's identifier, unique per patient).

export type NewEducationMaterial = typeof educationMaterials.$inferInsert;
export type NewEducationArticle = typeof educationArticles.$inferInsert;
/** The fields a replacement of a material rewrites. */
export type EducationMaterialFields = Omit<NewEducationMaterial, 'id' | 'facilityId' | 'externalId' | 'createdAt'>;
/** The fields a replacement of an assignment rewrites. */
export type EducationArticleFields = Omit<NewEducationArticle, 'id' | 'patientId' | 'externalId' | 'createdAt'>;

/** A facility's material under its identifier, locked for the rest of the transaction, or undefined. */
export function findMaterialByExternalId(tx: Tx, facilityId: number, externalId: string) {
  return tx
    .select({
      id: educationMaterials.id,
      contentHash: educationMaterials.contentHash,
      withdrawnAt: educationMaterials.withdrawnAt,
    })
    .from(educationMaterials)
    .where(and(eq(educationMaterials.facilityId, facilityId), eq(educationMaterials.externalId, externalId)))
    .limit(1)
    .for('update')
    .then((rows) => rows[0]);
}

/** Adds a material; its id, or undefined when one with the same identifier was added meanwhile. */
export async function insertEducationMaterial(tx: Tx, row: NewEducationMaterial): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(educationMaterials)
    .values(row)
    .onConflictDoNothing({
      target: [educationMaterials.facilityId, educationMaterials.externalId],
      where: isNotNull(educationMaterials.externalId),
    })
    .returning({ id: educationMaterials.id });
  return inserted?.id;
}

export async function updateEducationMaterial(
  tx: Tx,
  materialId: number,
  fields: EducationMaterialFields,
): Promise<void> {
  await tx.update(educationMaterials).set(fields).where(eq(educationMaterials.id, materialId));
}

export async function setEducationMaterialWithdrawn(tx: Tx, materialId: number, at: Date): Promise<void> {
  await tx.update(educationMaterials).set({ withdrawnAt: at }).where(eq(educationMaterials.id, materialId));
}

/** A patient's assignment under the facility's identifier, locked for the rest of the transaction, or undefined. */
export function findArticleByExternalId(tx: Tx, patientId: number, externalId: string) {
  return tx
    .select({
      id: educationArticles.id,
      materialId: educationArticles.materialId,
      assignedDate: educationArticles.assignedDate,
      withdrawnAt: educationArticles.withdrawnAt,
    })
    .from(educationArticles)
    .where(and(eq(educationArticles.patientId, patientId), eq(educationArticles.externalId, externalId)))
    .limit(1)
    .for('update')
    .then((rows) => rows[0]);
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

/** Adds an assignment; its id, or undefined when one with the same identifier was added meanwhile. */
export async function insertEducationArticle(tx: Tx, row: NewEducationArticle): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(educationArticles)
    .values(row)
    .onConflictDoNothing({
      target: [educationArticles.patientId, educationArticles.externalId],
      where: isNotNull(educationArticles.externalId),
    })
    .returning({ id: educationArticles.id });
  return inserted?.id;
}

export async function updateEducationArticle(tx: Tx, articleId: number, fields: EducationArticleFields): Promise<void> {
  await tx.update(educationArticles).set(fields).where(eq(educationArticles.id, articleId));
}

export async function setEducationArticleWithdrawn(tx: Tx, articleId: number, at: Date): Promise<void> {
  await tx.update(educationArticles).set({ withdrawnAt: at }).where(eq(educationArticles.id, articleId));
}
