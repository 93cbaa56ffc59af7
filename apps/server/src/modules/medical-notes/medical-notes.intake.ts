import type { MedicalNotePageContentType, MedicalNoteStatus } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { insertMedicalNote, insertMedicalNotePages } from './medical-notes.intake.repository';

// Intake of medical notes: how a facility's system (the integration API) and the demo write them. The
// caller owns the transaction, so a note and its pages are written together or not at all.

/** One page of a note (a PDF or an image); its number is its place in the note. */
export interface MedicalNotePageRecord {
  contentType: MedicalNotePageContentType;
  content: Uint8Array;
}

export interface MedicalNoteRecord {
  /** YYYY-MM-DD: the day of the service the note documents. */
  serviceDate: string;
  documentType: string;
  authoredBy: string;
  status: MedicalNoteStatus;
  noteToPatient: string | null;
  isReviewedByPatient: boolean;
  reviewedAt: Date | null;
  isPublished: boolean;
  publishedAt: Date | null;
  pages: MedicalNotePageRecord[];
}

/**
 * Adds one medical note of a patient with its pages; returns the note's id. (Keyed replacement by the
 * facility's own identifier comes with the integration API.)
 */
export async function putMedicalNote(tx: Tx, patientId: number, record: MedicalNoteRecord): Promise<number> {
  const { pages, ...note } = record;
  const noteId = await insertMedicalNote(tx, { patientId, ...note });
  await insertMedicalNotePages(
    tx,
    pages.map((page, index) => ({ noteId, pageNumber: index + 1, ...page })),
  );
  return noteId;
}
