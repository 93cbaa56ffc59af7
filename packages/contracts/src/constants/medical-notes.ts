// Medical notes (spec 002, 2.4): the constants the browser uses as values (no zod here).

/** The statuses a note may have (as the facility's document system reports them). */
export const MEDICAL_NOTE_STATUSES = ['Preliminary', 'Final', 'Amended', 'Corrected'] as const;
export type MedicalNoteStatus = (typeof MEDICAL_NOTE_STATUSES)[number];

/** What a page is stored as and served as. */
export const MEDICAL_NOTE_PAGE_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type MedicalNotePageContentType = (typeof MEDICAL_NOTE_PAGE_CONTENT_TYPES)[number];

/** The user preference holding the list's date filter. */
export const MEDICAL_NOTES_DATE_PREFERENCE = 'PatientPortal_MedicalNotesFilter_Date';
