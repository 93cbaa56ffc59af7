import { createHash } from 'node:crypto';
import {
  INTEGRATION_NOTE_PAGE_MAX_BYTES,
  type MedicalNotePageContentType,
  type MedicalNoteStatus,
} from '@portal/contracts';
import type { Tx } from '../../db/client';
import { recordNotice } from '../../platform/notices/ledger';
import { badRequest } from '../../platform/errors/app-error';
import {
  deleteMedicalNotePages,
  findMedicalNoteByExternalId,
  insertMedicalNote,
  insertMedicalNotePages,
  setMedicalNoteWithdrawn,
  updateMedicalNote,
  type MedicalNoteFields,
} from './medical-notes.intake.repository';

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

/** What a put did: the note's id, whether it was created, and whether anything changed. */
export interface PutOutcome {
  id: number;
  created: boolean;
  changed: boolean;
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

/** A digest of what the facility sent, in a fixed order of fields (each page by its type and its bytes' digest). */
export function medicalNoteFingerprint(record: MedicalNoteRecord): string {
  const canonical = [
    record.serviceDate,
    record.documentType,
    record.authoredBy,
    record.status,
    record.noteToPatient,
    record.isPublished,
    record.pages.map((page) => [page.contentType, createHash('sha256').update(page.content).digest('base64url')]),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

async function writePages(tx: Tx, noteId: number, pages: MedicalNotePageRecord[]): Promise<void> {
  await insertMedicalNotePages(
    tx,
    pages.map((page, index) => ({
      noteId,
      pageNumber: index + 1,
      contentType: page.contentType,
      content: page.content,
    })),
  );
}

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
 */
export async function putMedicalNote(
  tx: Tx,
  patientId: number,
  externalId: string,
  record: MedicalNoteRecord,
  history?: MedicalNoteHistory,
  now = new Date(),
): Promise<PutOutcome> {
  checkPages(record.pages);
  const { pages, ...note } = record;
  const contentHash = medicalNoteFingerprint(record);

  let existing = await findMedicalNoteByExternalId(tx, patientId, externalId);
  if (!existing) {
    const reviewedAt = history?.reviewedAt ?? null;
    const id = await insertMedicalNote(tx, {
      patientId,
      externalId,
      ...note,
      contentHash,
      isReviewedByPatient: reviewedAt !== null,
      reviewedAt,
      publishedAt: note.isPublished ? (history?.publishedAt ?? now) : null,
    });
    if (id !== undefined) {
      await writePages(tx, id, pages);
      if (note.isPublished && !history) await recordNotice(tx, patientId, 'note', id);
      return { id, created: true, changed: true };
    }
    // Added by a concurrent put of the same note since we looked: replace that one.
    existing = await findMedicalNoteByExternalId(tx, patientId, externalId);
    if (!existing) throw new Error('A medical note with this external id was neither added nor found');
  }
  if (existing.contentHash === contentHash && existing.withdrawnAt === null) {
    return { id: existing.id, created: false, changed: false };
  }
  const stillPublished = existing.isPublished && existing.withdrawnAt === null;
  const fields: MedicalNoteFields = {
    ...note,
    contentHash,
    withdrawnAt: null,
    isReviewedByPatient: false,
    reviewedAt: null,
    publishedAt: note.isPublished ? ((stillPublished ? existing.publishedAt : null) ?? now) : null,
  };
  await updateMedicalNote(tx, existing.id, fields);
  await deleteMedicalNotePages(tx, existing.id);
  await writePages(tx, existing.id, pages);
  // A note put unpublished is told of when it is published; once per note (the ledger), not per change.
  if (note.isPublished) await recordNotice(tx, patientId, 'note', existing.id);
  return { id: existing.id, created: false, changed: true };
}

/**
 * Withdraws the patient's note under `externalId`: from now on it is not shown to the patient anywhere (list,
 * count, pages), while the row, and every audit row about it, stays. Withdrawing again changes nothing (the
 * first time stays). Returns the note's id, or undefined when there is none.
 */
export async function withdrawMedicalNote(
  tx: Tx,
  patientId: number,
  externalId: string,
  now = new Date(),
): Promise<number | undefined> {
  const existing = await findMedicalNoteByExternalId(tx, patientId, externalId);
  if (!existing) return undefined;
  if (existing.withdrawnAt === null) await setMedicalNoteWithdrawn(tx, existing.id, now);
  return existing.id;
}
