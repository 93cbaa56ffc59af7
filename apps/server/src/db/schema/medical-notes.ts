import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { MEDICAL_NOTE_PAGE_CONTENT_TYPES, MEDICAL_NOTE_STATUSES } from '@portal/contracts';
import { bytea, tstz } from './columns';

// Mirrors migrations/0007_medical_notes.sql and 0021 (the source of truth; db.test.ts checks the mirror).

export const medicalNotes = pgTable('medical_notes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  /** YYYY-MM-DD: the day of the service the note documents. */
  serviceDate: date('service_date', { mode: 'string' }).notNull(),
  documentType: text('document_type').notNull(),
  authoredBy: text('authored_by').notNull(),
  status: text('status', { enum: MEDICAL_NOTE_STATUSES }).notNull(),
  noteToPatient: text('note_to_patient'),
  isReviewedByPatient: boolean('is_reviewed_by_patient').notNull().default(false),
  reviewedAt: tstz('reviewed_at'),
  isPublished: boolean('is_published').notNull().default(false),
  publishedAt: tstz('published_at'),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
  /** The facility's own identifier (unique per patient); null for records made before the integration API. */
  externalId: text('external_id'),
  /** A digest of what the facility last sent, so a resend of the same content changes nothing. */
  contentHash: text('content_hash'),
  /** Withdrawn by the facility: never served to the patient again; the row stays for the audit trail. */
  withdrawnAt: tstz('withdrawn_at'),
});

export const medicalNotePages = pgTable(
  'medical_note_pages',
  {
    noteId: integer('note_id').notNull(),
    pageNumber: integer('page_number').notNull(),
    contentType: text('content_type', { enum: MEDICAL_NOTE_PAGE_CONTENT_TYPES }).notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.noteId, table.pageNumber] })],
);
