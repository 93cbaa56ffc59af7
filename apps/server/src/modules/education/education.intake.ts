import type { Tx } from '../../db/client';
import { recordNotice } from '../../platform/notices/ledger';
import { sanitizeRichText } from '../../platform/content/sanitize';
import { AppError } from '../../platform/errors/app-error';
import { keyedRecords, type KeyedRecordKind, type KeyedRow } from '../../platform/intake/keyed-records';
import {
  educationArticleTable,
  educationMaterialTable,
  findLiveMaterialId,
  findSameDayAssignment,
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

export const SAME_DAY_ASSIGNMENT_MESSAGE =
  'This article is already assigned to the patient on this day under another identifier.';

const educationMaterialKind: KeyedRecordKind<EducationMaterialRecord, KeyedRow, never, 'facilityId'> = {
  ...educationMaterialTable,
  // Stored and compared as sanitised, so a resend of the same content is known whatever markup was dropped.
  normalise: (record) => ({ ...record, contentHtml: sanitizeRichText(record.contentHtml) }),
  columns: (record) => ({ ...record }),
};

const educationArticleKind: KeyedRecordKind<EducationArticleRecord, KeyedRow, EducationArticleHistory, 'patientId'> = {
  ...educationArticleTable,
  async beforeWrite(tx, record, { ownerId, existing }) {
    const clash = await findSameDayAssignment(
      tx,
      ownerId,
      record.materialId,
      record.assignedDate,
      existing?.id ?? null,
    );
    if (clash) throw new AppError(409, 'conflict', SAME_DAY_ASSIGNMENT_MESSAGE, 'articleExternalId');
  },
  // Another material or day is a new article for the patient: unread and not archived again.
  columns: (record, { existing, history }) => ({
    ...record,
    isArchived: existing ? false : (history?.isArchived ?? false),
    readAt: existing ? null : (history?.readAt ?? null),
  }),
  async afterWrite(tx, id, _record, { ownerId, existing, history }) {
    if (!existing && !history) await recordNotice(tx, ownerId, 'education', id);
  },
};

/**
 * Creates or replaces a material of the facility's library under the facility's identifier: an idempotent upsert.
 * The HTML is sanitised before it is stored (scripts, event handlers, styles and the like never reach the table).
 * A changed material keeps its id, so every patient it is assigned to sees the new text; whether they read it
 * stays as it was (a corrected article is not new again). A withdrawn material put again is back.
 *
 * Withdraws a material from the facility's library: no patient sees it any more (lists, counts, the document),
 * while the row and its assignments stay for the audit trail. Returns its id, or undefined when there is none.
 */
export const educationMaterialRecords = keyedRecords(educationMaterialKind);

/** The id of the facility's material under this identifier, if it is in the library (not withdrawn). */
export function liveMaterialId(tx: Tx, facilityId: number, externalId: string): Promise<number | undefined> {
  return findLiveMaterialId(tx, facilityId, externalId);
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
 *
 * Withdraws the patient's assignment under `externalId`: the patient no longer sees the article, while the row,
 * and every audit row about it, stays. Returns its id, or undefined when there is none.
 */
export const educationArticleRecords = keyedRecords(educationArticleKind);
