import { describe, expect, it } from 'vitest';
import type { MedicalNote } from '@portal/contracts';
import {
  addressWithNote,
  clearedFilters,
  formatServiceDate,
  listServiceDate,
  committedPage,
  compareNotes,
  matchesNoteFilters,
  noteFromAddress,
  notePagePath,
  serviceDay,
  sortNotes,
  statusKey,
  steppedPage,
} from './medical-notes';

const note = (over: Partial<MedicalNote> = {}): MedicalNote => ({
  ptMedicalNoteId: 1,
  patientId: 7,
  serviceDate: '2026-03-05',
  documentType: 'Progress Note',
  authoredBy: 'Dr. Priya Raman',
  status: 'Final',
  noteToPatient: null,
  isReviewedByPatient: false,
  pages: [{ pageNumber: 1, contentType: 'application/pdf' }],
  ...over,
});

describe('sorting', () => {
  it('puts the newest service date first, then the newest record of the same day', () => {
    const notes = [
      note({ ptMedicalNoteId: 1, serviceDate: '2026-01-05' }),
      note({ ptMedicalNoteId: 2, serviceDate: '2026-03-01' }),
      note({ ptMedicalNoteId: 7, serviceDate: '2026-01-05' }),
      note({ ptMedicalNoteId: 9, serviceDate: '2025-12-31' }),
    ];
    expect(sortNotes(notes).map((n) => n.ptMedicalNoteId)).toEqual([2, 7, 1, 9]);
    // Not in place.
    expect(notes.map((n) => n.ptMedicalNoteId)).toEqual([1, 2, 7, 9]);
    expect(compareNotes(notes[0]!, notes[0]!)).toBe(0);
  });
});

describe('matchesNoteFilters', () => {
  const now = new Date(2026, 5, 15, 10, 0); // 15 June 2026, local time
  const all = clearedFilters();

  it('passes everything when cleared', () => {
    expect(all).toEqual({ date: 'All', documentType: 'All', authoredBy: 'All' });
    expect(matchesNoteFilters(note({ serviceDate: '2001-01-01' }), all, now)).toBe(true);
  });

  it('keeps notes from the same day N months ago on', () => {
    const last3 = { ...all, date: 'Last3Months' as const };
    expect(matchesNoteFilters(note({ serviceDate: '2026-03-15' }), last3, now)).toBe(true);
    expect(matchesNoteFilters(note({ serviceDate: '2026-03-14' }), last3, now)).toBe(false);
    expect(matchesNoteFilters(note({ serviceDate: '2026-06-15' }), last3, now)).toBe(true);
    const last9 = { ...all, date: 'Last9Months' as const };
    expect(matchesNoteFilters(note({ serviceDate: '2025-09-15' }), last9, now)).toBe(true);
    expect(matchesNoteFilters(note({ serviceDate: '2025-09-14' }), last9, now)).toBe(false);
  });

  it('matches document type and author exactly, All passing any', () => {
    const n = note({ documentType: 'Consultation', authoredBy: 'Dr. Samuel Okafor' });
    expect(matchesNoteFilters(n, { ...all, documentType: 'Consultation' }, now)).toBe(true);
    expect(matchesNoteFilters(n, { ...all, documentType: 'Progress Note' }, now)).toBe(false);
    expect(matchesNoteFilters(n, { ...all, authoredBy: 'Dr. Samuel Okafor' }, now)).toBe(true);
    expect(matchesNoteFilters(n, { ...all, authoredBy: 'Dr. Priya Raman' }, now)).toBe(false);
    expect(
      matchesNoteFilters(
        n,
        { date: 'Last3Months', documentType: 'Consultation', authoredBy: 'Dr. Samuel Okafor' },
        now,
      ),
    ).toBe(false);
  });

  it('reads the service day as a local calendar day', () => {
    const day = serviceDay('2026-03-05');
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours()]).toEqual([2026, 2, 5, 0]);
  });
});

describe('the page navigator', () => {
  it.each([
    ['2', 1, 3, 2],
    [' 3 ', 1, 3, 3],
    ['1', 3, 3, 1],
    ['03', 1, 3, 3],
  ])('takes the typed page %j (on page %i of %i): %i', (typed, current, total, want) => {
    expect(committedPage(typed, current, total)).toBe(want);
  });

  it.each([
    ['0', 2, 3],
    ['4', 2, 3],
    ['-1', 2, 3],
    ['2.5', 1, 3],
    ['abc', 2, 3],
    ['', 2, 3],
    ['1e1', 2, 3],
    ['9999999', 2, 3],
  ])('reverts %j to the current page %i of %i', (typed, current, total) => {
    expect(committedPage(typed, current, total)).toBe(current);
  });

  it('steps within 1..total', () => {
    expect(steppedPage(1, 1, 3)).toBe(2);
    expect(steppedPage(3, 1, 3)).toBe(3);
    expect(steppedPage(1, -1, 3)).toBe(1);
    expect(steppedPage(2, -1, 3)).toBe(1);
    expect(steppedPage(1, 1, 0)).toBe(1);
  });
});

describe('notePagePath and statusKey', () => {
  it('builds the content path of a page', () => {
    expect(notePagePath(7, 12, 3)).toBe('/api/patients/7/medicalnotes/published/12/page/3/content');
  });

  it('translates the known statuses only', () => {
    expect(statusKey('Final')).toBe('medicalNotes.statusValue.Final');
    expect(statusKey('Amended')).toBe('medicalNotes.statusValue.Amended');
    expect(statusKey('Preliminary')).toBe('medicalNotes.statusValue.Preliminary');
    expect(statusKey('Corrected')).toBe('medicalNotes.statusValue.Corrected');
    expect(statusKey('Addendum')).toBeNull();
  });
});

describe('dates', () => {
  it('shows the service date in the list as MMM D this year and the long date before', () => {
    const now = new Date('2026-06-15T15:00:00Z');
    expect(listServiceDate('2026-03-05', 'America/New_York', now)).toBe('Mar 5');
    expect(listServiceDate('2026-06-15', 'America/New_York', now)).toBe('Jun 15');
    expect(listServiceDate('2025-12-31', 'America/New_York', now)).toBe('Dec 31, 2025');
    // A calendar day never slips to the day before, whatever the zone.
    expect(listServiceDate('2026-01-01', 'Pacific/Honolulu', now)).toBe('Jan 1');
  });

  it('shows the date of services in full', () => {
    expect(formatServiceDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatServiceDate('2025-12-31')).toBe('Dec 31, 2025');
  });
});

describe('the open note in the address (coming back from a page opened in the whole tab)', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('reads the note and its page', () => {
    expect(noteFromAddress(params('note=12&page=3'))).toEqual({ noteId: 12, page: 3 });
    expect(noteFromAddress(params('page=2&note=12&x=1'))).toEqual({ noteId: 12, page: 2 });
  });

  it('takes page 1 for a missing or unusable page, and no note for an unusable note', () => {
    expect(noteFromAddress(params('note=12'))).toEqual({ noteId: 12, page: 1 });
    expect(noteFromAddress(params('note=12&page=0'))).toEqual({ noteId: 12, page: 1 });
    expect(noteFromAddress(params('note=12&page=two'))).toEqual({ noteId: 12, page: 1 });
    for (const query of ['', 'note=', 'note=0', 'note=-4', 'note=1.5', 'note=abc', 'note=99999999999']) {
      expect(noteFromAddress(params(query)), query).toBeNull();
    }
  });

  it('writes the selection, and takes it out for none, keeping other parameters', () => {
    expect(addressWithNote(params('x=1'), { noteId: 12, page: 2 }).toString()).toBe('x=1&note=12&page=2');
    expect(addressWithNote(params('note=12&page=2&x=1'), { noteId: 5, page: 1 }).toString()).toBe('note=5&page=1&x=1');
    expect(addressWithNote(params('note=12&page=2&x=1'), null).toString()).toBe('x=1');
    const selection = { noteId: 7, page: 4 };
    expect(noteFromAddress(addressWithNote(params(''), selection))).toEqual(selection);
  });
});
