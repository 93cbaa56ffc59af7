import type { Tx } from '../../db/client';
import { insertEducationArticles, insertEducationMaterial } from './education.intake.repository';

// Intake of patient education: how a facility's system (the integration API) and the demo write the
// facility's library and assign its materials to patients.

/** A material of the facility's library. */
export interface EducationMaterialRecord {
  title: string;
  categoryName: string;
  /** The category's place on the page (within one assigned date). */
  categorySortOrder: number;
  /** Rich text; sanitised when shown. */
  contentHtml: string;
}

/** A material assigned to a patient: the API's article. */
export interface EducationArticleRecord {
  materialId: number;
  /** YYYY-MM-DD */
  assignedDate: string;
  isArchived?: boolean;
  /** When the patient first opened it; null: not yet (new). */
  readAt?: Date | null;
}

/**
 * Adds a material to a facility's library; returns its id. (Keyed replacement by the facility's own
 * identifier comes with the integration API.)
 */
export function putEducationMaterial(tx: Tx, facilityId: number, record: EducationMaterialRecord): Promise<number> {
  return insertEducationMaterial(tx, { facilityId, ...record });
}

/** Assigns materials of the library to a patient, in one statement. */
export async function putEducationArticles(
  tx: Tx,
  patientId: number,
  articles: EducationArticleRecord[],
): Promise<void> {
  await insertEducationArticles(
    tx,
    articles.map((article) => ({ patientId, ...article })),
  );
}
