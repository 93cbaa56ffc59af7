import { z } from 'zod';
import { IdParam } from './common';

// Medical notes (spec 002, 2.4): published clinical documents, page by page. The browser imports only types.

/** The statuses a note may have (as the facility's document system reports them). */
export const MEDICAL_NOTE_STATUSES = ['Preliminary', 'Final', 'Amended', 'Corrected'] as const;
export type MedicalNoteStatus = (typeof MEDICAL_NOTE_STATUSES)[number];

/** What a page is stored as and served as. */
export const MEDICAL_NOTE_PAGE_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type MedicalNotePageContentType = (typeof MEDICAL_NOTE_PAGE_CONTENT_TYPES)[number];

/** The user preference holding the list's date filter. */
export const MEDICAL_NOTES_DATE_PREFERENCE = 'PatientPortal_MedicalNotesFilter_Date';
/** Audit events: the list viewed and a note opened (both posted by the browser), a page served (by the server). */
export const MEDICAL_NOTES_VIEW_AUDIT_EVENT = 'medicalnotesviewauditevent';
export const MEDICAL_NOTES_VIEW_DETAIL_AUDIT_EVENT = 'medicalnotesviewdetailauditevent';
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
