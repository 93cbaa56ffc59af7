import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { medicalNotePages, medicalNotes } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

// Every query names the patient and, for one record, the note too: a note id of another patient finds nothing.

/**
 * What the patient may see of their notes: published and not withdrawn by the facility. Every read (list, pages,
 * count, marking reviewed, a page's content) starts from this.
 */
const published = (patientId: number) =>
  and(eq(medicalNotes.patientId, patientId), eq(medicalNotes.isPublished, true), isNull(medicalNotes.withdrawnAt));

/** The patient's published notes, newest service date first (then the newest record). */
export function listPublishedNotes(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      id: medicalNotes.id,
      patientId: medicalNotes.patientId,
      serviceDate: medicalNotes.serviceDate,
      documentType: medicalNotes.documentType,
      authoredBy: medicalNotes.authoredBy,
      status: medicalNotes.status,
      noteToPatient: medicalNotes.noteToPatient,
      isReviewedByPatient: medicalNotes.isReviewedByPatient,
    })
    .from(medicalNotes)
    .where(published(scope.patientId))
    .orderBy(desc(medicalNotes.serviceDate), desc(medicalNotes.id));
}

/** Number and type of every page of the patient's published notes (not their content). */
export function listPublishedPages(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      noteId: medicalNotePages.noteId,
      pageNumber: medicalNotePages.pageNumber,
      contentType: medicalNotePages.contentType,
    })
    .from(medicalNotePages)
    .innerJoin(medicalNotes, eq(medicalNotes.id, medicalNotePages.noteId))
    .where(published(scope.patientId))
    .orderBy(asc(medicalNotePages.noteId), asc(medicalNotePages.pageNumber));
}

export function countNotReviewed(db: DbOrTx, scope: PatientScope): Promise<number> {
  return db
    .select({ n: count() })
    .from(medicalNotes)
    .where(and(published(scope.patientId), eq(medicalNotes.isReviewedByPatient, false)))
    .then((rows) => rows[0]?.n ?? 0);
}

/** One published note of the patient, or undefined. */
export function findPublishedNote(db: DbOrTx, scope: PatientScope, noteId: number) {
  return db
    .select({ id: medicalNotes.id, isReviewedByPatient: medicalNotes.isReviewedByPatient })
    .from(medicalNotes)
    .where(and(published(scope.patientId), eq(medicalNotes.id, noteId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Marks a published note of the patient reviewed; true when it was not reviewed before. */
export function markReviewed(db: DbOrTx, scope: PatientScope, noteId: number, at: Date): Promise<boolean> {
  return db
    .update(medicalNotes)
    .set({ isReviewedByPatient: true, reviewedAt: at })
    .where(and(published(scope.patientId), eq(medicalNotes.id, noteId), eq(medicalNotes.isReviewedByPatient, false)))
    .returning({ id: medicalNotes.id })
    .then((rows) => rows.length > 0);
}

/** One page of a published note of the patient, with its content, or undefined. */
export function findPublishedPage(db: DbOrTx, scope: PatientScope, noteId: number, pageNumber: number) {
  return db
    .select({ contentType: medicalNotePages.contentType, content: medicalNotePages.content })
    .from(medicalNotePages)
    .innerJoin(medicalNotes, eq(medicalNotes.id, medicalNotePages.noteId))
    .where(and(published(scope.patientId), eq(medicalNotes.id, noteId), eq(medicalNotePages.pageNumber, pageNumber)))
    .limit(1)
    .then((rows) => rows[0]);
}
