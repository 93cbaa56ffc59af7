import { and, count, desc, eq, isNull, not, sql } from 'drizzle-orm';
import type { MedicalNotePage } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { outerColumn } from '../../db/outer-column';
import { prepared } from '../../db/prepared';
import { medicalNotePages, medicalNotes } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

// Every query names the patient and, for one record, the note too: a note id of another patient finds nothing.

/**
 * What the patient may see of their notes: published and not withdrawn by the facility. Every read (list, pages,
 * count, marking reviewed, a page's content) starts from this.
 */
const published = (patientId: number) =>
  and(eq(medicalNotes.patientId, patientId), medicalNotes.isPublished, isNull(medicalNotes.withdrawnAt));

/** The same, the patient a placeholder: the hot reads are prepared statements (db/prepared.ts). */
const publishedToPatient = and(
  eq(medicalNotes.patientId, sql.placeholder('patientId')),
  medicalNotes.isPublished,
  isNull(medicalNotes.withdrawnAt),
);

/**
 * The patient's published notes, newest service date first (then the newest record), each with the number and type
 * of its pages in order (not their content): one statement.
 */
export function listPublishedNotes(db: DbOrTx, scope: PatientScope) {
  return prepared(db, 'medical_notes_published', (db) =>
    db
      .select({
        id: medicalNotes.id,
        patientId: medicalNotes.patientId,
        serviceDate: medicalNotes.serviceDate,
        documentType: medicalNotes.documentType,
        authoredBy: medicalNotes.authoredBy,
        status: medicalNotes.status,
        noteToPatient: medicalNotes.noteToPatient,
        isReviewedByPatient: medicalNotes.isReviewedByPatient,
        pages: sql<MedicalNotePage[]>`coalesce((
          select json_agg(json_build_object(
            'pageNumber', ${medicalNotePages.pageNumber}, 'contentType', ${medicalNotePages.contentType}
          ) order by ${medicalNotePages.pageNumber})
          from ${medicalNotePages} where ${medicalNotePages.noteId} = ${outerColumn(medicalNotes.id)}), '[]'::json)`,
      })
      .from(medicalNotes)
      .where(publishedToPatient)
      .orderBy(desc(medicalNotes.serviceDate), desc(medicalNotes.id))
      .prepare('medical_notes_published'),
  ).execute({ patientId: scope.patientId });
}

export function countNotReviewed(db: DbOrTx, scope: PatientScope): Promise<number> {
  return prepared(db, 'medical_notes_not_reviewed_count', (db) =>
    db
      .select({ n: count() })
      .from(medicalNotes)
      .where(and(publishedToPatient, not(medicalNotes.isReviewedByPatient)))
      .prepare('medical_notes_not_reviewed_count'),
  )
    .execute({ patientId: scope.patientId })
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
    .where(and(published(scope.patientId), eq(medicalNotes.id, noteId), not(medicalNotes.isReviewedByPatient)))
    .returning({ id: medicalNotes.id })
    .then((rows) => rows.length > 0);
}

/** One page of a published note of the patient, with its content, or undefined. */
export function findPublishedPage(db: DbOrTx, scope: PatientScope, noteId: number, pageNumber: number) {
  return prepared(db, 'medical_note_page', (db) =>
    db
      .select({ contentType: medicalNotePages.contentType, content: medicalNotePages.content })
      .from(medicalNotePages)
      .innerJoin(medicalNotes, eq(medicalNotes.id, medicalNotePages.noteId))
      .where(
        and(
          publishedToPatient,
          eq(medicalNotes.id, sql.placeholder('noteId')),
          eq(medicalNotePages.pageNumber, sql.placeholder('pageNumber')),
        ),
      )
      .limit(1)
      .prepare('medical_note_page'),
  )
    .execute({ patientId: scope.patientId, noteId, pageNumber })
    .then((rows) => rows[0]);
}
