import { z } from 'zod';
import { MEDICAL_NOTE_PAGE_CONTENT_TYPES, MEDICAL_NOTE_STATUSES } from '../constants/medical-notes';
import { IdParam } from './common';

// Medical notes (spec 002, 2.4): published clinical documents, page by page. The browser imports only types.

/** Audit event of a page served (by the server; the browser's view events are in constants/audit). */
export const MEDICAL_NOTE_PAGE_VIEW_AUDIT_EVENT = 'medicalnotepageviewauditevent';

export const MedicalNotePageSchema = z.object({
  pageNumber: z.number().int().describe('1-based; the pages of a note are numbered 1..n without gaps'),
  contentType: z.enum(MEDICAL_NOTE_PAGE_CONTENT_TYPES),
});
export type MedicalNotePage = z.infer<typeof MedicalNotePageSchema>;

export const MedicalNoteSchema = z.object({
  ptMedicalNoteId: z.number().int(),
  patientId: z.number().int(),
  serviceDate: z.string().describe('YYYY-MM-DD: the day of the service (no time part)'),
  documentType: z.string(),
  authoredBy: z.string(),
  status: z.enum(MEDICAL_NOTE_STATUSES),
  noteToPatient: z.string().nullable().describe('Remarks of the care team to the patient'),
  isReviewedByPatient: z.boolean(),
  pages: z.array(MedicalNotePageSchema),
});
export type MedicalNote = z.infer<typeof MedicalNoteSchema>;

export const MedicalNotesSchema = z.array(MedicalNoteSchema);

export const MedicalNoteCountSchema = z.number().int().min(0).describe('Published notes the patient has not reviewed');

export const MedicalNoteParams = z.object({ patientId: IdParam, noteId: IdParam });

export const MedicalNotePageParams = z.object({
  patientId: IdParam,
  noteId: IdParam,
  pageNumber: z.coerce.number().int().min(1).max(10_000),
});

export const MedicalNotePageQuery = z.object({
  token: z.string().min(1).max(1000).optional().describe('A URL token from POST /api/urlTokens for this exact path'),
});
