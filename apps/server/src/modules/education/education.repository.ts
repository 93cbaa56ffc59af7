import {
  and,
  asc,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  not,
  notExists,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { educationArticles, educationMaterials } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

/**
 * The patient's articles the portal shows: neither the assignment nor the material withdrawn by the facility (a
 * withdrawn record stays in the table for the audit trail). Usable without joining the materials.
 */
function shownArticlesOf(db: DbOrTx, patientId: number | Placeholder): SQL {
  return and(
    eq(educationArticles.patientId, patientId),
    isNull(educationArticles.withdrawnAt),
    notExists(
      db
        .select({ one: sql`1` })
        .from(educationMaterials)
        .where(and(eq(educationMaterials.id, educationArticles.materialId), isNotNull(educationMaterials.withdrawnAt))),
    ),
  )!;
}

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
  const name = includeArchived ? 'education_articles_all' : 'education_articles_current';
  return prepared(db, name, (db) => {
    const shown = shownArticlesOf(db, sql.placeholder('patientId'));
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
      .where(includeArchived ? shown : and(shown, not(educationArticles.isArchived)))
      .orderBy(
        desc(educationArticles.assignedDate),
        asc(educationMaterials.categorySortOrder),
        asc(educationMaterials.categoryName),
        asc(educationMaterials.title),
        asc(educationArticles.id),
      )
      .prepare(name);
  }).execute({ patientId: scope.patientId });
}

/** Articles that are new: never opened and not archived. */
export async function countUnread(db: DbOrTx, scope: PatientScope): Promise<number> {
  const [row] = await prepared(db, 'education_articles_unread_count', (db) =>
    db
      .select({ n: count() })
      .from(educationArticles)
      .where(
        and(
          shownArticlesOf(db, sql.placeholder('patientId')),
          isNull(educationArticles.readAt),
          not(educationArticles.isArchived),
        ),
      )
      .prepare('education_articles_unread_count'),
  ).execute({ patientId: scope.patientId });
  return row?.n ?? 0;
}

export async function countArchived(db: DbOrTx, scope: PatientScope): Promise<number> {
  const [row] = await prepared(db, 'education_articles_archived_count', (db) =>
    db
      .select({ n: count() })
      .from(educationArticles)
      .where(and(shownArticlesOf(db, sql.placeholder('patientId')), educationArticles.isArchived))
      .prepare('education_articles_archived_count'),
  ).execute({ patientId: scope.patientId });
  return row?.n ?? 0;
}

/**
 * The patient an article belongs to (for the access check of routes without :patientId), or null; null too for a
 * withdrawn one, so every route about it answers 404.
 */
export async function findArticlePatientId(db: DbOrTx, articleId: number): Promise<number | null> {
  const [row] = await prepared(db, 'education_article_patient', (db) =>
    db
      .select({ patientId: educationArticles.patientId })
      .from(educationArticles)
      .innerJoin(educationMaterials, eq(educationMaterials.id, educationArticles.materialId))
      .where(
        and(
          eq(educationArticles.id, sql.placeholder('articleId')),
          isNull(educationArticles.withdrawnAt),
          isNull(educationMaterials.withdrawnAt),
        ),
      )
      .prepare('education_article_patient'),
  ).execute({ articleId });
  return row?.patientId ?? null;
}

/** Stamps the first reading; a second one keeps the first time. False when the patient has no such article. */
export async function markRead(db: DbOrTx, scope: PatientScope, articleId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(educationArticles)
    .set({ readAt: sql`coalesce(${educationArticles.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(shownArticlesOf(db, scope.patientId), eq(educationArticles.id, articleId)))
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
    .where(and(shownArticlesOf(db, scope.patientId), eq(educationArticles.id, articleId)))
    .returning({ id: educationArticles.id });
  return rows.length > 0;
}

/** The title, language and stored rich text of one of the patient's articles (not withdrawn), or null. */
export async function findArticleContent(
  db: DbOrTx,
  scope: PatientScope,
  articleId: number,
): Promise<{ title: string; language: string | null; contentHtml: string } | null> {
  const [row] = await prepared(db, 'education_article_content', (db) =>
    db
      .select({
        title: educationMaterials.title,
        language: educationMaterials.language,
        contentHtml: educationMaterials.contentHtml,
      })
      .from(educationArticles)
      .innerJoin(educationMaterials, eq(educationMaterials.id, educationArticles.materialId))
      .where(
        and(shownArticlesOf(db, sql.placeholder('patientId')), eq(educationArticles.id, sql.placeholder('articleId'))),
      )
      .prepare('education_article_content'),
  ).execute({ patientId: scope.patientId, articleId });
  return row ?? null;
}
