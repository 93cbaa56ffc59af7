import type { Tx } from '../../db/client';
import { educationArticles, educationMaterials } from '../../db/schema/index';

// The writes of education.intake.ts: the facility's library, and articles assigned to patients.

export type NewEducationMaterial = typeof educationMaterials.$inferInsert;
export type NewEducationArticle = typeof educationArticles.$inferInsert;

export async function insertEducationMaterial(tx: Tx, row: NewEducationMaterial): Promise<number> {
  const [inserted] = await tx.insert(educationMaterials).values(row).returning({ id: educationMaterials.id });
  if (!inserted) throw new Error('Adding an education material returned no row');
  return inserted.id;
}

export async function insertEducationArticles(tx: Tx, rows: NewEducationArticle[]): Promise<void> {
  if (rows.length > 0) await tx.insert(educationArticles).values(rows);
}
