import type { MedicalNote, MedicalNotePageContentType } from '@portal/contracts';
import type { Db } from '../../db/client';
import { audit } from '../../platform/audit/audit';
import { notFound } from '../../platform/errors/app-error';
import {
  countNotReviewed,
  findPublishedNote,
  findPublishedPage,
  listPublishedNotes,
  markReviewed,
} from './medical-notes.repository';
import type { PatientScope } from '../../platform/access/patient-scope';

/** Written when the patient's first look marks a note reviewed (not on later looks). */
export const MEDICAL_NOTE_REVIEWED_AUDIT_EVENT = 'medicalnotereviewedauditevent';

export const MEDICAL_NOTE_MESSAGES = {
  noteNotFound: 'This medical note is not available.',
  pageNotFound: 'This page of the medical note is not available.',
} as const;

/** Newest service date first; the same day: the newest record first. The browser sorts by the same rule. */
export function compareNotes(
  a: Pick<MedicalNote, 'serviceDate' | 'ptMedicalNoteId'>,
  b: Pick<MedicalNote, 'serviceDate' | 'ptMedicalNoteId'>,
): number {
  return b.serviceDate.localeCompare(a.serviceDate) || b.ptMedicalNoteId - a.ptMedicalNoteId;
}

/** A file name for a served page: 'medical-note-12-page-2.pdf'. */
export function pageFileName(noteId: number, pageNumber: number, contentType: MedicalNotePageContentType): string {
  const extension = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' }[contentType];
  return `medical-note-${noteId}-page-${pageNumber}.${extension}`;
}

export class MedicalNotesService {
  constructor(private readonly db: Db) {}

  async list(scope: PatientScope): Promise<MedicalNote[]> {
    const notes = await listPublishedNotes(this.db, scope);
    return notes
      .map((note): MedicalNote => ({
        ptMedicalNoteId: note.id,
        patientId: note.patientId,
        serviceDate: note.serviceDate,
        documentType: note.documentType,
        authoredBy: note.authoredBy,
        status: note.status,
        noteToPatient: note.noteToPatient,
        isReviewedByPatient: note.isReviewedByPatient,
        pages: note.pages,
      }))
      .sort(compareNotes);
  }

  notReviewedCount(scope: PatientScope): Promise<number> {
    return countNotReviewed(this.db, scope);
  }

  /** Idempotent: a reviewed note stays reviewed; only the first look writes an audit row. */
  async setAsReviewed(scope: PatientScope, noteId: number, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const note = await findPublishedNote(tx, scope, noteId);
      if (!note) throw notFound('not_found', MEDICAL_NOTE_MESSAGES.noteNotFound);
      if (!(await markReviewed(tx, scope, noteId, now))) return;
      await audit(tx, scope, MEDICAL_NOTE_REVIEWED_AUDIT_EVENT, { relationship: scope.relationship, noteId });
    });
  }

  /** One page's document, and what its view audit row records (the caller hands that to the read's audit row). */
  async page(
    scope: PatientScope,
    noteId: number,
    pageNumber: number,
  ): Promise<{
    document: { contentType: MedicalNotePageContentType; body: Uint8Array; fileName: string };
    audit: Record<string, unknown>;
  }> {
    const page = await findPublishedPage(this.db, scope, noteId, pageNumber);
    if (!page) throw notFound('not_found', MEDICAL_NOTE_MESSAGES.pageNotFound);
    return {
      document: {
        contentType: page.contentType,
        body: page.content,
        fileName: pageFileName(noteId, pageNumber, page.contentType),
      },
      audit: { relationship: scope.relationship, noteId, pageNumber },
    };
  }
}
