import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { medicalNotePages, medicalNotes } from '../../db/schema/index';

// The writes of medical-notes.intake.ts: a note keyed by the facility's identifier, and its pages.

export type NewMedicalNote = typeof medicalNotes.$inferInsert;
export type NewMedicalNotePage = typeof medicalNotePages.$inferInsert;
/** The fields a replacement rewrites (not the patient, the identifier or the creation time). */
export type MedicalNoteFields = Omit<NewMedicalNote, 'id' | 'patientId' | 'externalId' | 'createdAt'>;

/** A patient's note under the facility's identifier, locked for the rest of the transaction, or undefined. */
export function findMedicalNoteByExternalId(tx: Tx, patientId: number, externalId: string) {
  return tx
    .select({
      id: medicalNotes.id,
      contentHash: medicalNotes.contentHash,
      withdrawnAt: medicalNotes.withdrawnAt,
      isPublished: medicalNotes.isPublished,
      publishedAt: medicalNotes.publishedAt,
    })
    .from(medicalNotes)
    .where(and(eq(medicalNotes.patientId, patientId), eq(medicalNotes.externalId, externalId)))
    .limit(1)
    .for('update')
    .then((rows) => rows[0]);
}

/**
 * Adds a note; its id, or undefined when a note with the same identifier was added meanwhile (a concurrent PUT
 * of the same record: the caller then replaces that one).
 */
export async function insertMedicalNote(tx: Tx, row: NewMedicalNote): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(medicalNotes)
    .values(row)
    .onConflictDoNothing({
      target: [medicalNotes.patientId, medicalNotes.externalId],
      where: isNotNull(medicalNotes.externalId),
    })
    .returning({ id: medicalNotes.id });
  return inserted?.id;
}

export async function updateMedicalNote(tx: Tx, noteId: number, fields: MedicalNoteFields): Promise<void> {
  await tx.update(medicalNotes).set(fields).where(eq(medicalNotes.id, noteId));
}

export async function deleteMedicalNotePages(tx: Tx, noteId: number): Promise<void> {
  await tx.delete(medicalNotePages).where(eq(medicalNotePages.noteId, noteId));
}

export async function insertMedicalNotePages(tx: Tx, rows: NewMedicalNotePage[]): Promise<void> {
  if (rows.length > 0) await tx.insert(medicalNotePages).values(rows);
}

/** Marks a note withdrawn: the patient no longer sees it anywhere; the row stays for the audit trail. */
export async function setMedicalNoteWithdrawn(tx: Tx, noteId: number, at: Date): Promise<void> {
  await tx.update(medicalNotes).set({ withdrawnAt: at }).where(eq(medicalNotes.id, noteId));
}
