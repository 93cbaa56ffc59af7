import type { Tx } from '../../db/client';
import { medicalNotePages, medicalNotes } from '../../db/schema/index';

// The writes of medical-notes.intake.ts: a note and its pages.

export type NewMedicalNote = typeof medicalNotes.$inferInsert;
export type NewMedicalNotePage = typeof medicalNotePages.$inferInsert;

export async function insertMedicalNote(tx: Tx, row: NewMedicalNote): Promise<number> {
  const [inserted] = await tx.insert(medicalNotes).values(row).returning({ id: medicalNotes.id });
  if (!inserted) throw new Error('Adding a medical note returned no row');
  return inserted.id;
}

export async function insertMedicalNotePages(tx: Tx, rows: NewMedicalNotePage[]): Promise<void> {
  if (rows.length > 0) await tx.insert(medicalNotePages).values(rows);
}
