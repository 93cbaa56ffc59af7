import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { educationArticles, educationMaterials } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

export interface EducationArticleRow {
  id: number;
  assignedDate: string;
  categoryName: string;
  categorySortOrder: number;
  isArchived: boolean;
  readAt: Date | null;
  title: string;
}

/**
 * The patient's articles, archived ones only when asked: assigned date newest first, then category by its
 * sort order and name, then title and id (the order the page groups them in).
 */
export async function listArticles(
  db: DbOrTx,
  scope: PatientScope,
  includeArchived: boolean,
): Promise<EducationArticleRow[]> {
  return db
    .select({
      id: educationArticles.id,
      assignedDate: educationArticles.assignedDate,
      categoryName: educationMaterials.categoryName,
      categorySortOrder: educationMaterials.categorySortOrder,
      isArchived: educationArticles.isArchived,
      readAt: educationArticles.readAt,
      title: educationMaterials.title,
    })
    .from(educationArticles)
    .innerJoin(educationMaterials, eq(educationMaterials.id, educationArticles.materialId))
    .where(
      includeArchived
        ? eq(educationArticles.patientId, scope.patientId)
        : and(eq(educationArticles.patientId, scope.patientId), eq(educationArticles.isArchived, false)),
    )
    .orderBy(
      desc(educationArticles.assignedDate),
      asc(educationMaterials.categorySortOrder),
      asc(educationMaterials.categoryName),
      asc(educationMaterials.title),
      asc(educationArticles.id),
    );
}

/** Articles that are new: never opened and not archived. */
export async function countUnread(db: DbOrTx, scope: PatientScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(educationArticles)
    .where(
      and(
        eq(educationArticles.patientId, scope.patientId),
        isNull(educationArticles.readAt),
        eq(educationArticles.isArchived, false),
      ),
    );
  return row?.n ?? 0;
}

export async function countArchived(db: DbOrTx, scope: PatientScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(educationArticles)
    .where(and(eq(educationArticles.patientId, scope.patientId), eq(educationArticles.isArchived, true)));
  return row?.n ?? 0;
}

/** The patient an article belongs to (for the access check of routes without :patientId), or null. */
export async function findArticlePatientId(db: DbOrTx, articleId: number): Promise<number | null> {
  const [row] = await db
    .select({ patientId: educationArticles.patientId })
    .from(educationArticles)
    .where(eq(educationArticles.id, articleId));
  return row?.patientId ?? null;
}

/** Stamps the first reading; a second one keeps the first time. False when the patient has no such article. */
export async function markRead(db: DbOrTx, scope: PatientScope, articleId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(educationArticles)
    .set({ readAt: sql`coalesce(${educationArticles.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(educationArticles.patientId, scope.patientId), eq(educationArticles.id, articleId)))
    .returning({ id: educationArticles.id });
  return rows.length > 0;
}

/** False when the patient has no such article. */
export async function setArchived(
  db: DbOrTx,
  scope: PatientScope,
  articleId: number,
  isArchived: boolean,
): Promise<boolean> {
  const rows = await db
    .update(educationArticles)
    .set({ isArchived })
    .where(and(eq(educationArticles.patientId, scope.patientId), eq(educationArticles.id, articleId)))
    .returning({ id: educationArticles.id });
  return rows.length > 0;
}

/** The title and the stored rich text of one of the patient's articles, or null. */
export async function findArticleContent(
  db: DbOrTx,
  scope: PatientScope,
  articleId: number,
): Promise<{ title: string; contentHtml: string } | null> {
  const [row] = await db
    .select({ title: educationMaterials.title, contentHtml: educationMaterials.contentHtml })
    .from(educationArticles)
    .innerJoin(educationMaterials, eq(educationMaterials.id, educationArticles.materialId))
    .where(and(eq(educationArticles.patientId, scope.patientId), eq(educationArticles.id, articleId)));
  return row ?? null;
}
