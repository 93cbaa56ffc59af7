import { createHash } from 'node:crypto';
import type { Tx } from '../../db/client';
import { recordNotice } from '../../platform/notices/ledger';
import { sanitizeRichText } from '../../platform/content/sanitize';
import { AppError } from '../../platform/errors/app-error';
import {
  findArticleByExternalId,
  findMaterialByExternalId,
  findSameDayAssignment,
  insertEducationArticle,
  insertEducationMaterial,
  setEducationArticleWithdrawn,
  setEducationMaterialWithdrawn,
  updateEducationArticle,
  updateEducationMaterial,
} from './education.intake.repository';

// Intake of patient education: how a facility's system (the integration API) and the demo write the facility's
// library (materials, keyed by the facility's identifier, unique per facility) and assign its materials to patients
// (articles, keyed by the facility's identifier of the assignment, unique per patient). The caller owns the
// transaction.

/** A material of the facility's library as the facility sends it. */
export interface EducationMaterialRecord {
  title: string;
  categoryName: string;
  /** The category's place on the page (within one assigned date). */
  categorySortOrder: number;
  /** Rich text; sanitised on the way in (and again whenever it is served). */
  contentHtml: string;
  /** BCP 47; null: not given. */
  language: string | null;
}

/** A material assigned to a patient: the API's article. */
export interface EducationArticleRecord {
  materialId: number;
  /** YYYY-MM-DD */
  assignedDate: string;
}

/**
 * The patient's side of an assignment brought in with a history (the demo's, some read or archived long ago):
 * applied only when the put creates the assignment. The integration API never sends it.
 */
export interface EducationArticleHistory {
  isArchived: boolean;
  /** When the patient first opened it; null: not yet (new). */
  readAt: Date | null;
}

/** What a put did: the record's id, whether it was created, and whether anything changed. */
export interface PutOutcome {
  id: number;
  created: boolean;
  changed: boolean;
}

export const SAME_DAY_ASSIGNMENT_MESSAGE =
  'This article is already assigned to the patient on this day under another identifier.';

/** A digest of a material as stored (sanitised), so a resend of the same content is known. */
export function educationMaterialFingerprint(record: EducationMaterialRecord): string {
  const canonical = [record.title, record.categoryName, record.categorySortOrder, record.language, record.contentHtml];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

/**
 * Creates or replaces a material of the facility's library under the facility's identifier: an idempotent upsert.
 * The HTML is sanitised before it is stored (scripts, event handlers, styles and the like never reach the table).
 * A changed material keeps its id, so every patient it is assigned to sees the new text; whether they read it
 * stays as it was (a corrected article is not new again). A withdrawn material put again is back.
 */
export async function putEducationMaterial(
  tx: Tx,
  facilityId: number,
  externalId: string,
  record: EducationMaterialRecord,
): Promise<PutOutcome> {
  const stored: EducationMaterialRecord = { ...record, contentHtml: sanitizeRichText(record.contentHtml) };
  const contentHash = educationMaterialFingerprint(stored);
  const fields = { ...stored, contentHash, withdrawnAt: null };

  let existing = await findMaterialByExternalId(tx, facilityId, externalId);
  if (!existing) {
    const id = await insertEducationMaterial(tx, { facilityId, externalId, ...fields });
    if (id !== undefined) return { id, created: true, changed: true };
    existing = await findMaterialByExternalId(tx, facilityId, externalId);
    if (!existing) throw new Error('An education material with this external id was neither added nor found');
  }
  if (existing.contentHash === contentHash && existing.withdrawnAt === null) {
    return { id: existing.id, created: false, changed: false };
  }
  await updateEducationMaterial(tx, existing.id, fields);
  return { id: existing.id, created: false, changed: true };
}

/**
 * Withdraws a material from the facility's library: no patient sees it any more (lists, counts, the document),
 * while the row and its assignments stay for the audit trail. Returns its id, or undefined when there is none.
 */
export async function withdrawEducationMaterial(
  tx: Tx,
  facilityId: number,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  const existing = await findMaterialByExternalId(tx, facilityId, externalId);
  if (!existing) return undefined;
  if (existing.withdrawnAt === null) await setEducationMaterialWithdrawn(tx, existing.id, now);
  return existing.id;
}

/** The id of the facility's material under this identifier, if it is in the library (not withdrawn). */
export async function liveMaterialId(tx: Tx, facilityId: number, externalId: string): Promise<number | undefined> {
  const material = await findMaterialByExternalId(tx, facilityId, externalId);
  return material && material.withdrawnAt === null ? material.id : undefined;
}

/**
 * Assigns a material to the patient under the facility's identifier of the assignment: an idempotent upsert.
 *
 * - New identifier: the article is added, unread and not archived: new for the patient (one more on the badge),
 *   unless `history` says otherwise.
 * - The same material and day again, not withdrawn: nothing changes (the patient's reading and archiving stay).
 * - Another material or day: the assignment is rewritten in place and is new again (unread, not archived).
 * - A withdrawn assignment put again is back, and new.
 *
 * A material is assigned to a patient once a day: another live assignment of it on that day is a 409.
 */
export async function putEducationArticle(
  tx: Tx,
  patientId: number,
  externalId: string,
  record: EducationArticleRecord,
  history?: EducationArticleHistory,
): Promise<PutOutcome> {
  let existing = await findArticleByExternalId(tx, patientId, externalId);
  if (
    existing &&
    existing.withdrawnAt === null &&
    existing.materialId === record.materialId &&
    existing.assignedDate === record.assignedDate
  ) {
    return { id: existing.id, created: false, changed: false };
  }
  const clash = await findSameDayAssignment(
    tx,
    patientId,
    record.materialId,
    record.assignedDate,
    existing?.id ?? null,
  );
  if (clash) throw new AppError(409, 'conflict', SAME_DAY_ASSIGNMENT_MESSAGE, 'articleExternalId');

  const fields = { ...record, isArchived: false, readAt: null, withdrawnAt: null };
  if (!existing) {
    const id = await insertEducationArticle(tx, {
      patientId,
      externalId,
      ...fields,
      isArchived: history?.isArchived ?? false,
      readAt: history?.readAt ?? null,
    });
    if (id !== undefined) {
      if (!history) await recordNotice(tx, patientId, 'education', id);
      return { id, created: true, changed: true };
    }
    existing = await findArticleByExternalId(tx, patientId, externalId);
    if (!existing) throw new Error('An education article with this external id was neither added nor found');
  }
  await updateEducationArticle(tx, existing.id, fields);
  return { id: existing.id, created: false, changed: true };
}

/**
 * Withdraws the patient's assignment under `externalId`: the patient no longer sees the article, while the row,
 * and every audit row about it, stays. Returns its id, or undefined when there is none.
 */
export async function withdrawEducationArticle(
  tx: Tx,
  patientId: number,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  const existing = await findArticleByExternalId(tx, patientId, externalId);
  if (!existing) return undefined;
  if (existing.withdrawnAt === null) await setEducationArticleWithdrawn(tx, existing.id, now);
  return existing.id;
}
