import {
  INTEGRATION_NOTE_PAGE_MAX_BYTES,
  type MedicalNotePageContentType,
  type MedicalNoteStatus,
} from '@portal/contracts';
import { recordNotice } from '../../platform/notices/ledger';
import { badRequest } from '../../platform/errors/app-error';
import { keyedRecords, type KeyedRecordKind, type KeyedRow } from '../../platform/intake/keyed-records';
import { deleteMedicalNotePages, insertMedicalNotePages, medicalNoteTable } from './medical-notes.intake.repository';

// Intake of medical notes: how a facility's system (the integration API) and the demo write them, keyed by the
// facility's own identifier of each note (externalId, unique per patient). The caller owns the transaction, so
// a note and its pages are written together or not at all.

/** One page of a note (a PDF or an image); its number is its place in the note. */
export interface MedicalNotePageRecord {
  contentType: MedicalNotePageContentType;
  content: Uint8Array;
}

/** A note as the facility sends it: no state of the portal's (whether the patient has reviewed it). */
export interface MedicalNoteRecord {
  /** YYYY-MM-DD: the day of the service the note documents. */
  serviceDate: string;
  documentType: string;
  authoredBy: string;
  status: MedicalNoteStatus;
  noteToPatient: string | null;
  isPublished: boolean;
  pages: MedicalNotePageRecord[];
}

/**
 * The portal's side of a note brought in with a history (the demo's notes, published and read long ago):
 * applied only when the put creates the note. The integration API never sends it.
 */
export interface MedicalNoteHistory {
  publishedAt?: Date | null;
  reviewedAt?: Date | null;
}

/** The first bytes of each type a page may be stored as (what the portal serves it as). */
const SIGNATURES: Record<MedicalNotePageContentType, { bytes: number[]; name: string }> = {
  'application/pdf': { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], name: 'a PDF document' }, // %PDF-
  'image/png': { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], name: 'a PNG image' },
  'image/jpeg': { bytes: [0xff, 0xd8, 0xff], name: 'a JPEG image' },
};

/** Whether a page's bytes begin as its content type says (a page served as a PDF must be one). */
export function pageMatchesType(contentType: MedicalNotePageContentType, content: Uint8Array): boolean {
  const { bytes } = SIGNATURES[contentType];
  return content.length > bytes.length && bytes.every((b, i) => content[i] === b);
}

/**
 * Refuses a page larger than the limit, or whose bytes are not what its content type says: a 400 naming the
 * page (pages.N.content, as in the integration API's body).
 */
function checkPages(pages: MedicalNotePageRecord[]): void {
  pages.forEach((page, index) => {
    const field = `pages.${index}.content`;
    if (page.content.length > INTEGRATION_NOTE_PAGE_MAX_BYTES) {
      throw badRequest(
        'validation_failed',
        `${field}: a page may have at most ${INTEGRATION_NOTE_PAGE_MAX_BYTES} bytes`,
        field,
      );
    }
    if (!pageMatchesType(page.contentType, page.content)) {
      throw badRequest(
        'validation_failed',
        `${field}: the bytes are not ${SIGNATURES[page.contentType].name} as contentType ${page.contentType} says`,
        field,
      );
    }
  });
}

/** The note's row as a replacement reads it: whether it is published, and since when. */
interface MedicalNoteRow extends KeyedRow {
  isPublished: boolean;
  publishedAt: Date | null;
}

const medicalNoteKind: KeyedRecordKind<MedicalNoteRecord, MedicalNoteRow, MedicalNoteHistory, 'patientId'> = {
  ...medicalNoteTable,
  check: (record) => checkPages(record.pages),
  columns({ pages: _pages, ...note }, { existing, history, now }) {
    if (!existing) {
      const reviewedAt = history?.reviewedAt ?? null;
      const publishedAt = note.isPublished ? (history?.publishedAt ?? now) : null;
      return { ...note, isReviewedByPatient: reviewedAt !== null, reviewedAt, publishedAt };
    }
    // Changed: new to the patient again; published since the first time while it stays published.
    const stillPublished = existing.isPublished && existing.withdrawnAt === null;
    const publishedAt = note.isPublished ? ((stillPublished ? existing.publishedAt : null) ?? now) : null;
    return { ...note, isReviewedByPatient: false, reviewedAt: null, publishedAt };
  },
  async writeChildren(tx, noteId, { pages }, { existing }) {
    if (existing) await deleteMedicalNotePages(tx, noteId);
    await insertMedicalNotePages(
      tx,
      pages.map((page, index) => ({ noteId, pageNumber: index + 1, ...page })),
    );
  },
  async afterWrite(tx, id, record, { ownerId, existing, history }) {
    // A note put unpublished is told of when it is published; once per note (the ledger), not per change.
    if (record.isPublished && (existing || !history)) await recordNotice(tx, ownerId, 'note', id);
  },
};

/**
 * Creates or replaces the patient's note under the facility's identifier `externalId`: an idempotent upsert.
 * Every page must be what its content type says (400 otherwise, nothing written).
 *
 * - New identifier: the note is added with its pages, not reviewed (unless `history` says otherwise), published
 *   now if it is published.
 * - Same content again (a resend), the note not withdrawn: nothing changes.
 * - Other content: the note's fields are rewritten and its pages replaced, all in the caller's transaction. The
 *   note keeps its id, so links, audit rows and events that name it still do. It becomes not reviewed again, so
 *   a published note whose content changed (amended, corrected, released) is 'new' for the patient, and counts
 *   in the badge, until opened. Its publication time stays while it stays published.
 * - A withdrawn note put again is back (not withdrawn), and new until opened like any change.
 *
 * Withdraws the patient's note under `externalId`: from now on it is not shown to the patient anywhere (list,
 * count, pages), while the row, and every audit row about it, stays. Withdrawing again changes nothing (the
 * first time stays). Returns the note's id, or undefined when there is none.
 */
export const medicalNoteRecords = keyedRecords(medicalNoteKind);
