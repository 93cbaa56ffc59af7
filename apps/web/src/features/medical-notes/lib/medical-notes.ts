import type { MEDICAL_NOTE_STATUSES, MedicalNote } from '@portal/contracts';
import {
  DATE_FORMATS,
  MEDICAL_NOTES_DATE_PREFERENCE,
  MEDICAL_NOTES_VIEW_AUDIT_EVENT,
  MEDICAL_NOTES_VIEW_DETAIL_AUDIT_EVENT,
} from '@portal/contracts';
import { inMonthFilter, type MonthFilter } from '../../../components/date-filters';
import { ALL, matchesChoice } from '../../../components/filters';
import { formatDay, formatListDate, localMidnight } from '../../../lib/dates';

export const DATE_PREFERENCE = MEDICAL_NOTES_DATE_PREFERENCE;
export const VIEW_AUDIT_EVENT = MEDICAL_NOTES_VIEW_AUDIT_EVENT;
export const VIEW_DETAIL_AUDIT_EVENT = MEDICAL_NOTES_VIEW_DETAIL_AUDIT_EVENT;

/** The date filter when none was saved (spec 002 section 9: medical notes default All). */
export const DEFAULT_DATE_FILTER: MonthFilter = 'All';

/** Newest service date first; the same day, the newest record first (spec 002 section 4). */
export function compareNotes(
  a: Pick<MedicalNote, 'serviceDate' | 'ptMedicalNoteId'>,
  b: Pick<MedicalNote, 'serviceDate' | 'ptMedicalNoteId'>,
): number {
  return b.serviceDate.localeCompare(a.serviceDate) || b.ptMedicalNoteId - a.ptMedicalNoteId;
}

export function sortNotes<T extends Pick<MedicalNote, 'serviceDate' | 'ptMedicalNoteId'>>(notes: readonly T[]): T[] {
  return [...notes].sort(compareNotes);
}

export interface NoteFilters {
  date: MonthFilter;
  documentType: string;
  authoredBy: string;
}

/** The service day (YYYY-MM-DD) as local midnight, so 'last N months' counts whole calendar days. */
export function serviceDay(serviceDate: string): Date {
  return localMidnight(serviceDate);
}

export function matchesNoteFilters(note: MedicalNote, filters: NoteFilters, now: Date = new Date()): boolean {
  return (
    matchesChoice(note.documentType, filters.documentType) &&
    matchesChoice(note.authoredBy, filters.authoredBy) &&
    inMonthFilter(serviceDay(note.serviceDate), filters.date, now)
  );
}

export const clearedFilters = (): NoteFilters => ({ date: DEFAULT_DATE_FILTER, documentType: ALL, authoredBy: ALL });

/**
 * The page navigator's rule (spec 002 section 5): a typed page must be a whole number from 1 to the total,
 * otherwise the navigator reverts to the page it was on.
 */
export function committedPage(typed: string, current: number, total: number): number {
  const text = typed.trim();
  if (!/^\d{1,6}$/.test(text)) return current;
  const page = Number(text);
  return page >= 1 && page <= total ? page : current;
}

/** Previous or next page, never beyond the first or the last. */
export function steppedPage(current: number, step: -1 | 1, total: number): number {
  return Math.min(Math.max(current + step, 1), Math.max(total, 1));
}

/** The note open in the view and the page shown (1 = its first page). */
export interface NoteSelection {
  noteId: number;
  page: number;
}

const NOTE_PARAM = 'note';
const PAGE_PARAM = 'page';

/**
 * The note and page kept in the page's address (/medical-notes?note=12&page=2), so that coming back from a
 * page opened in the whole tab (mobile devices) finds the note and its page again. Anything else than whole
 * positive numbers is no selection (a page that is none: page 1).
 */
export function noteFromAddress(search: URLSearchParams): NoteSelection | null {
  const note = search.get(NOTE_PARAM) ?? '';
  if (!/^[1-9]\d{0,9}$/.test(note) || !Number.isSafeInteger(Number(note))) return null;
  const page = search.get(PAGE_PARAM) ?? '';
  return { noteId: Number(note), page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1 };
}

/** The address's query with the selection in it (or without, for none); other parameters stay as they are. */
export function addressWithNote(search: URLSearchParams, selection: NoteSelection | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (selection) {
    next.set(NOTE_PARAM, String(selection.noteId));
    next.set(PAGE_PARAM, String(selection.page));
  } else {
    next.delete(NOTE_PARAM);
    next.delete(PAGE_PARAM);
  }
  return next;
}

/** The API path of a page's content (opened with a URL token in a frame, or as the page on mobile devices). */
export function notePagePath(patientId: number, noteId: number, pageNumber: number): string {
  return `/api/patients/${patientId}/medicalnotes/published/${noteId}/page/${pageNumber}/content`;
}

const KNOWN_STATUSES: typeof MEDICAL_NOTE_STATUSES = ['Preliminary', 'Final', 'Amended', 'Corrected'];

/** The language-pack key of a known status, else null (the status shows as the facility wrote it). */
export function statusKey(status: string): string | null {
  return (KNOWN_STATUSES as readonly string[]).includes(status) ? `medicalNotes.statusValue.${status}` : null;
}

/** The date of services in the detail: the long list form ('ll', e.g. 'Mar 5, 2026') in the user's language. */
export function formatServiceDate(serviceDate: string): string {
  return formatDay(serviceDate, DATE_FORMATS.list);
}

/** The service date in the list (spec 002 section 9): this year 'MMM D', earlier years 'll'; never a time. */
export function listServiceDate(serviceDate: string, timeZoneId: string, now?: Date): string {
  return formatListDate(serviceDate, { timeZoneId, now, hasTime: false });
}
