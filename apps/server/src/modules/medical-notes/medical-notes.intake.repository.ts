import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { medicalNotePages, medicalNotes } from '../../db/schema/index';
import type { KeyedTable } from '../../platform/intake/keyed-records';

// The rows of medical-notes.intake.ts: the note's own, kept by the intake engine, and its pages.

/** Where the intake engine keeps a note: one row per patient and facility identifier. */
export const medicalNoteTable: KeyedTable<'patientId'> = {
  name: 'medical note',
  table: medicalNotes,
  owner: 'patientId',
  reads: { isPublished: medicalNotes.isPublished, publishedAt: medicalNotes.publishedAt },
};

export type NewMedicalNotePage = typeof medicalNotePages.$inferInsert;

export async function deleteMedicalNotePages(tx: Tx, noteId: number): Promise<void> {
  await tx.delete(medicalNotePages).where(eq(medicalNotePages.noteId, noteId));
}

export async function insertMedicalNotePages(tx: Tx, rows: NewMedicalNotePage[]): Promise<void> {
  if (rows.length > 0) await tx.insert(medicalNotePages).values(rows);
}
