import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MedicalNote } from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import { openApiApp, expectError, expectOk, type ApiCaller, type TestApp, type Who } from '../../../test/api';
import { pdfText } from '../../../test/pdf-text';
import { auditEvents, medicalNotePages, medicalNotes } from '../../db/schema/index';
import { compareNotes, MEDICAL_NOTE_REVIEWED_AUDIT_EVENT, pageFileName } from './medical-notes.service';

const NEW_YORK = 'America/New_York';
/** The smallest PNG: one transparent pixel. */
const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
/** Alex Rivera: a patient of the demo without medical notes; the rule tests give him notes of their own. */
let alex: { userId: number; patientId: number };
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, db, api, alex } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: NEW_YORK, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const listUrl = (patientId: number) => `/api/patients/${patientId}/medicalnotes/published`;
const countUrl = (patientId: number) => `/api/patients/${patientId}/medicalnotes/notReviewedCount`;
const reviewUrl = (patientId: number, noteId: number | string) =>
  `/api/patients/${patientId}/medicalnotes/${noteId}/setasreviewed`;
const pageUrl = (patientId: number, noteId: number | string, page: number | string) =>
  `/api/patients/${patientId}/medicalnotes/published/${noteId}/page/${page}/content`;

async function notesOf(patientId: number, who: Who = 'patientA') {
  return expectOk<MedicalNote[]>(await api.get(listUrl(patientId), who));
}

async function count(patientId: number, who: Who = 'patientA') {
  return expectOk<number>(await api.get(countUrl(patientId), who));
}

/** A note for Alex: published unless said otherwise, with the given pages. */
async function alexNote(
  values: Partial<typeof medicalNotes.$inferInsert> = {},
  pages: { contentType: 'application/pdf' | 'image/png' | 'image/jpeg'; content: Uint8Array }[] = [],
) {
  const [row] = await db
    .insert(medicalNotes)
    .values({
      patientId: alex.patientId,
      serviceDate: today(),
      documentType: 'Progress Note',
      authoredBy: 'Dr. Test',
      status: 'Final',
      isPublished: true,
      publishedAt: new Date(),
      ...values,
    })
    .returning({ id: medicalNotes.id });
  if (pages.length > 0) {
    await db.insert(medicalNotePages).values(pages.map((p, i) => ({ noteId: row!.id, pageNumber: i + 1, ...p })));
  }
  return row!.id;
}

function auditRows(eventType: string, patientId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.eventType, eventType), eq(auditEvents.patientId, patientId)));
}

/* -------------------------------------------------------------- the list */

describe('GET /api/patients/:patientId/medicalnotes/published', () => {
  it('answers jane’s ten published notes, newest service date first, every field written out', async () => {
    const notes = await notesOf(fx.patientA);
    expect(notes).toHaveLength(10);
    expect(notes.map((n) => [n.serviceDate, n.documentType])).toEqual([
      [addDays(today(), -14), 'Progress Note'],
      [addDays(today(), -50), 'Progress Note'],
      [addDays(today(), -100), 'Consultation'],
      [addDays(today(), -160), 'Discharge Summary'],
      [addDays(today(), -195), 'Pathology Report'],
      [addDays(today(), -200), 'Operative Report'],
      [addDays(today(), -212), 'Radiology Report'],
      [addDays(today(), -240), 'Consultation'],
      [addDays(today(), -262), 'Pathology Report'],
      [addDays(today(), -290), 'Radiology Report'],
    ]);
    const [latest] = notes;
    expect(latest).toEqual<MedicalNote>({
      ptMedicalNoteId: expect.any(Number),
      patientId: fx.patientA,
      serviceDate: addDays(today(), -14),
      documentType: 'Progress Note',
      authoredBy: 'Dr. Priya Raman',
      status: 'Preliminary',
      noteToPatient: expect.stringContaining('letrozole'),
      isReviewedByPatient: false,
      pages: [{ pageNumber: 1, contentType: 'application/pdf' }],
    });
    expect(new Set(notes.map((n) => n.status))).toEqual(new Set(['Preliminary', 'Final', 'Amended']));
    expect(notes.filter((n) => !n.isReviewedByPatient).map((n) => n.documentType)).toEqual([
      'Progress Note',
      'Progress Note',
      'Pathology Report',
    ]);
    const discharge = notes.find((n) => n.documentType === 'Discharge Summary')!;
    expect(discharge.pages).toEqual([1, 2, 3].map((pageNumber) => ({ pageNumber, contentType: 'application/pdf' })));
    expect(notes.filter((n) => n.pages.length > 1)).toHaveLength(5);
    expect(notes.find((n) => n.documentType === 'Operative Report')).toMatchObject({
      authoredBy: 'Dr. Laura Chen',
      noteToPatient: null,
    });
  });

  it('never shows a note that is not published', async () => {
    const unpublished = await db
      .select({ id: medicalNotes.id })
      .from(medicalNotes)
      .where(and(eq(medicalNotes.patientId, fx.patientA), eq(medicalNotes.isPublished, false)));
    expect(unpublished).toHaveLength(1);
    const ids = (await notesOf(fx.patientA)).map((n) => n.ptMedicalNoteId);
    expect(ids).not.toContain(unpublished[0]!.id);
  });

  it('answers the representative exactly what jane sees', async () => {
    expect(await notesOf(fx.patientA, 'representativeOfA')).toEqual(await notesOf(fx.patientA));
  });

  it('gives john his own three and nothing of jane’s', async () => {
    const john = await notesOf(fx.patientB, 'patientB');
    expect(john.map((n) => [n.documentType, n.authoredBy, n.isReviewedByPatient])).toEqual([
      ['Consultation', 'Dr. Helen Marsh', false],
      ['Pathology Report', 'Dr. Anita Kapoor', true],
      ['Radiology Report', 'Dr. Marcus Webb', true],
    ]);
    for (const n of john) expect(n.patientId).toBe(fx.patientB);
    const janeIds = new Set((await notesOf(fx.patientA)).map((n) => n.ptMedicalNoteId));
    for (const n of john) expect(janeIds.has(n.ptMedicalNoteId)).toBe(false);
  });

  it('sorts the same day by the newest record and passes image pages through', async () => {
    const day = addDays(today(), -400);
    const older = await alexNote({ serviceDate: day, documentType: 'Scanned Letter' }, [
      { contentType: 'image/png', content: TINY_PNG },
      { contentType: 'image/jpeg', content: Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]) },
    ]);
    const newer = await alexNote({ serviceDate: day, documentType: 'Progress Note', status: 'Corrected' });
    const hidden = await alexNote({ serviceDate: today(), isPublished: false, publishedAt: null });
    const notes = await notesOf(alex.patientId, 'alex');
    const mine = notes.filter((n) => [older, newer, hidden].includes(n.ptMedicalNoteId));
    expect(mine.map((n) => n.ptMedicalNoteId)).toEqual([newer, older]);
    expect(mine[0]).toMatchObject({ status: 'Corrected', pages: [], isReviewedByPatient: false, noteToPatient: null });
    expect(mine[1]!.pages).toEqual([
      { pageNumber: 1, contentType: 'image/png' },
      { pageNumber: 2, contentType: 'image/jpeg' },
    ]);
  });

  it('answers 404 to a stranger and to a disabled representative, 403 to a kiosk user, 401 without a token', async () => {
    const url = listUrl(fx.patientA);
    expectError(await api.get(url, 'patientB'), 404, 'not_found');
    expectError(await api.get(url, 'disabledRepresentative'), 404, 'not_found');
    expectError(await api.get(url, 'kioskUserOfA'), 403, 'forbidden');
    expectError(await api.get(url, 'linkUserOfA'), 403, 'forbidden');
    expectError(await api.get(url, 'anonymous'), 401, 'unauthorized');
    expectError(await api.get('/api/patients/abc/medicalnotes/published', 'patientA'), 404, 'not_found');
  });
});

/* ------------------------------------------------------------- the count */

describe('GET /api/patients/:patientId/medicalnotes/notReviewedCount', () => {
  it('counts the published notes not reviewed, as a bare number', async () => {
    const res = await api.get(countUrl(fx.patientB), 'patientB');
    expect(res.body).toBe('1');
    expect(expectOk<number>(res)).toBe(1);
    const jane = await notesOf(fx.patientA);
    expect(await count(fx.patientA)).toBe(jane.filter((n) => !n.isReviewedByPatient).length);
    expect(await count(fx.patientA, 'representativeOfA')).toBe(await count(fx.patientA));
  });

  it('leaves out unpublished notes', async () => {
    const before = await count(alex.patientId, 'alex');
    await alexNote({ isPublished: false, publishedAt: null });
    expect(await count(alex.patientId, 'alex')).toBe(before);
    await alexNote();
    expect(await count(alex.patientId, 'alex')).toBe(before + 1);
  });

  it('answers 404 to a stranger, 403 to a kiosk user, 401 without a token', async () => {
    expectError(await api.get(countUrl(fx.patientA), 'patientB'), 404, 'not_found');
    expectError(await api.get(countUrl(fx.patientA), 'kioskUserOfA'), 403, 'forbidden');
    expectError(await api.get(countUrl(fx.patientA), 'anonymous'), 401, 'unauthorized');
  });
});

/* ------------------------------------------------------- set as reviewed */

describe('POST /api/patients/:patientId/medicalnotes/:noteId/setasreviewed', () => {
  it('marks the note reviewed once: 204, the row, one audit row, the count drops; again is 204 and changes nothing', async () => {
    const noteId = await alexNote();
    const before = await count(alex.patientId, 'alex');
    const res = await api.post(reviewUrl(alex.patientId, noteId), 'alex');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const [row] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, noteId));
    expect(row).toMatchObject({ isReviewedByPatient: true, reviewedAt: expect.any(Date) });
    expect(Math.abs(row!.reviewedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await count(alex.patientId, 'alex')).toBe(before - 1);
    const listed = (await notesOf(alex.patientId, 'alex')).find((n) => n.ptMedicalNoteId === noteId);
    expect(listed?.isReviewedByPatient).toBe(true);

    const audits = (await auditRows(MEDICAL_NOTE_REVIEWED_AUDIT_EVENT, alex.patientId)).filter(
      (a) => a.detail?.noteId === noteId,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      outcome: 'success',
      actorUserId: alex.userId,
      facilityId: fx.facilityId,
      loginType: 'userNamePassword',
      detail: { noteId, relationship: 'self' },
    });

    const again = await api.post(reviewUrl(alex.patientId, noteId), 'alex');
    expect(again.statusCode, again.body).toBe(204);
    const [after] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, noteId));
    expect(after!.reviewedAt).toEqual(row!.reviewedAt);
    expect(
      (await auditRows(MEDICAL_NOTE_REVIEWED_AUDIT_EVENT, alex.patientId)).filter((a) => a.detail?.noteId === noteId),
    ).toHaveLength(1);
  });

  it('lets the representative mark jane’s note, and writes who did it', async () => {
    const [note] = (await notesOf(fx.patientA)).filter((n) => n.documentType === 'Pathology Report');
    const res = await api.post(reviewUrl(fx.patientA, note!.ptMedicalNoteId), 'representativeOfA');
    expect(res.statusCode, res.body).toBe(204);
    const audits = (await auditRows(MEDICAL_NOTE_REVIEWED_AUDIT_EVENT, fx.patientA)).filter(
      (a) => a.detail?.noteId === note!.ptMedicalNoteId,
    );
    expect(audits.map((a) => [a.actorUserId, a.detail?.relationship])).toEqual([[fx.userIds.robert, 'representative']]);
    expect((await notesOf(fx.patientA)).find((n) => n.ptMedicalNoteId === note!.ptMedicalNoteId)).toMatchObject({
      isReviewedByPatient: true,
    });
  });

  it('answers 404 for a note that is not published, is another patient’s, or does not exist', async () => {
    const hidden = await alexNote({ isPublished: false, publishedAt: null });
    expectError(await api.post(reviewUrl(alex.patientId, hidden), 'alex'), 404, 'not_found');
    const [row] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, hidden));
    expect(row!.isReviewedByPatient).toBe(false);

    // John's unreviewed note, asked for under jane's path by jane: not found, and still unreviewed.
    const [johns] = (await notesOf(fx.patientB, 'patientB')).filter((n) => !n.isReviewedByPatient);
    expectError(await api.post(reviewUrl(fx.patientA, johns!.ptMedicalNoteId), 'patientA'), 404, 'not_found');
    expectError(await api.post(reviewUrl(fx.patientB, johns!.ptMedicalNoteId), 'patientA'), 404, 'not_found');
    expect((await notesOf(fx.patientB, 'patientB'))[0]!.isReviewedByPatient).toBe(false);
    expectError(await api.post(reviewUrl(fx.patientA, 2_000_000_000), 'patientA'), 404, 'not_found');
  });

  it.each(['abc', '0', '-3', '1.5', '2147483648'])('answers 400 naming noteId for the note id %s', async (noteId) => {
    expectError(await api.post(reviewUrl(fx.patientA, noteId), 'patientA'), 400, 'validation_failed', 'noteId');
  });

  it('answers 403 to a kiosk user and 401 without a token', async () => {
    const [note] = await notesOf(fx.patientA);
    expectError(await api.post(reviewUrl(fx.patientA, note!.ptMedicalNoteId), 'kioskUserOfA'), 403, 'forbidden');
    expectError(await api.post(reviewUrl(fx.patientA, note!.ptMedicalNoteId), 'anonymous'), 401, 'unauthorized');
    expectError(
      await api.post(reviewUrl(fx.patientA, note!.ptMedicalNoteId), 'disabledRepresentative'),
      404,
      'not_found',
    );
  });
});

/* ---------------------------------------------------------- page content */

describe('GET /api/patients/:patientId/medicalnotes/published/:noteId/page/:pageNumber/content', () => {
  const discharge = async () => (await notesOf(fx.patientA)).find((n) => n.documentType === 'Discharge Summary')!;

  it('serves each page of a note as a PDF, frame-able by the portal only, never cached, and audits the read', async () => {
    const note = await discharge();
    for (const { pageNumber } of note.pages) {
      const res = await api.get(pageUrl(fx.patientA, note.ptMedicalNoteId, pageNumber), 'patientA');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="medical-note-${note.ptMedicalNoteId}-page-${pageNumber}.pdf"`,
      );
      expect(res.rawPayload.toString('latin1').slice(0, 5)).toBe('%PDF-');
    }
    // Each page is a document of its own.
    const [one, two] = await Promise.all(
      [1, 2].map(async (n) =>
        (await api.get(pageUrl(fx.patientA, note.ptMedicalNoteId, n), 'patientA')).rawPayload.toString('base64'),
      ),
    );
    expect(one).not.toBe(two);
    const audits = (await auditRows('medicalnotepageviewauditevent', fx.patientA)).filter(
      (a) => a.detail?.noteId === note.ptMedicalNoteId,
    );
    expect(audits.length).toBeGreaterThanOrEqual(3);
    expect(audits[0]).toMatchObject({
      outcome: 'success',
      actorUserId: fx.userIds.jane,
      detail: { noteId: note.ptMedicalNoteId, pageNumber: 1, relationship: 'self' },
    });
  });

  it('serves the demo notes as real documents: every page one PDF page saying whose note it is and which page', async () => {
    for (const [patientId, who, name, mrn] of [
      [fx.patientA, 'patientA', 'Jane Doe', 'RCC-100234'],
      [fx.patientB, 'patientB', 'John Smith', 'RCC-100871'],
    ] as const) {
      for (const n of await notesOf(patientId, who)) {
        for (const { pageNumber } of n.pages) {
          const res = await api.get(pageUrl(patientId, n.ptMedicalNoteId, pageNumber), who);
          expect(res.statusCode, res.body).toBe(200);
          const pages = await pdfText(res.rawPayload);
          expect(pages, `${n.documentType} page ${pageNumber}`).toHaveLength(1);
          const text = pages[0]!;
          for (const part of [
            'Riverside Cancer Center',
            n.documentType,
            name,
            mrn,
            n.authoredBy,
            n.status,
            `${pageNumber} of ${n.pages.length}`,
            new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
              new Date(`${n.serviceDate}T12:00:00Z`),
            ),
          ]) {
            expect(text, `${n.documentType} page ${pageNumber}`).toContain(part);
          }
        }
      }
    }
    const discharge = (await notesOf(fx.patientA)).find((n) => n.documentType === 'Discharge Summary')!;
    const [one, three] = await Promise.all(
      [1, 3].map(
        async (p) =>
          (
            await pdfText((await api.get(pageUrl(fx.patientA, discharge.ptMedicalNoteId, p), 'patientA')).rawPayload)
          )[0]!,
      ),
    );
    expect(one).toContain('febrile neutropenia');
    expect(three).toContain('Discharge medications');
  });

  it('does not mark the note reviewed', async () => {
    const [note] = (await notesOf(fx.patientB, 'patientB')).filter((n) => !n.isReviewedByPatient);
    expect((await api.get(pageUrl(fx.patientB, note!.ptMedicalNoteId, 1), 'patientB')).statusCode).toBe(200);
    const [row] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, note!.ptMedicalNoteId));
    expect(row!.isReviewedByPatient).toBe(false);
  });

  it('serves image pages as stored', async () => {
    const noteId = await alexNote({}, [
      { contentType: 'image/png', content: TINY_PNG },
      { contentType: 'image/jpeg', content: Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]) },
    ]);
    const png = await api.get(pageUrl(alex.patientId, noteId, 1), 'alex');
    expect(png.statusCode, png.body).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe(`inline; filename="medical-note-${noteId}-page-1.png"`);
    expect(Uint8Array.from(png.rawPayload)).toEqual(TINY_PNG);
    const jpeg = await api.get(pageUrl(alex.patientId, noteId, 2), 'alex');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect([...jpeg.rawPayload]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
  });

  it('opens with a URL token for exactly this path, and only while it names the patient’s own note', async () => {
    const note = await discharge();
    const path = pageUrl(fx.patientA, note.ptMedicalNoteId, 2);
    const mint = async (who: CallerKind, forPath: string) => {
      const res = await api.post('/api/urlTokens', who, { path: forPath });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ token: string }>().token;
    };
    const token = await mint('patientA', path);
    const res = await t.app.inject({ method: 'GET', url: `${path}?token=${encodeURIComponent(token)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The representative's token opens it too.
    const robert = await mint('representativeOfA', path);
    expect((await t.app.inject({ method: 'GET', url: `${path}?token=${encodeURIComponent(robert)}` })).statusCode).toBe(
      200,
    );
    // Another page's path is not this one.
    const other = pageUrl(fx.patientA, note.ptMedicalNoteId, 3);
    expectError(
      await t.app.inject({ method: 'GET', url: `${other}?token=${encodeURIComponent(token)}` }),
      401,
      'unauthorized',
    );
    // John may mint a token for jane's path, but it opens nothing of hers.
    const johns = await mint('patientB', path);
    expectError(
      await t.app.inject({ method: 'GET', url: `${path}?token=${encodeURIComponent(johns)}` }),
      404,
      'not_found',
    );
    expectError(await t.app.inject({ method: 'GET', url: `${path}?token=nonsense-token-value` }), 401, 'unauthorized');
    expectError(await t.app.inject({ method: 'GET', url: path }), 401, 'unauthorized');
  });

  it('answers 404 for a page beyond the last, an unpublished note, or another patient’s note', async () => {
    const note = await discharge();
    expectError(await api.get(pageUrl(fx.patientA, note.ptMedicalNoteId, 4), 'patientA'), 404, 'not_found');
    const hidden = await alexNote({ isPublished: false, publishedAt: null }, [
      { contentType: 'image/png', content: TINY_PNG },
    ]);
    expectError(await api.get(pageUrl(alex.patientId, hidden, 1), 'alex'), 404, 'not_found');
    const [johns] = await notesOf(fx.patientB, 'patientB');
    expectError(await api.get(pageUrl(fx.patientA, johns!.ptMedicalNoteId, 1), 'patientA'), 404, 'not_found');
    expectError(await api.get(pageUrl(fx.patientB, johns!.ptMedicalNoteId, 1), 'patientA'), 404, 'not_found');
    // No audit row for what was not served.
    const audits = (await auditRows('medicalnotepageviewauditevent', fx.patientA)).filter(
      (a) => a.detail?.noteId === johns!.ptMedicalNoteId || a.detail?.pageNumber === 4,
    );
    expect(audits).toEqual([]);
  });

  it.each([
    ['pageNumber', '0'],
    ['pageNumber', 'x'],
    ['pageNumber', '10001'],
    ['pageNumber', '1.5'],
    ['noteId', 'abc'],
    ['noteId', '0'],
  ])('answers 400 naming %s for %s', async (field, value) => {
    const note = await discharge();
    const url = field === 'noteId' ? pageUrl(fx.patientA, value, 1) : pageUrl(fx.patientA, note.ptMedicalNoteId, value);
    expectError(await api.get(url, 'patientA'), 400, 'validation_failed', field);
  });

  it('answers 403 to a kiosk user and 404 to a disabled representative', async () => {
    const note = await discharge();
    expectError(await api.get(pageUrl(fx.patientA, note.ptMedicalNoteId, 1), 'kioskUserOfA'), 403, 'forbidden');
    expectError(
      await api.get(pageUrl(fx.patientA, note.ptMedicalNoteId, 1), 'disabledRepresentative'),
      404,
      'not_found',
    );
  });
});

/* ------------------------------------------------------------ pure rules */

describe('compareNotes', () => {
  it('puts the newest service date first, then the newest record', () => {
    const notes = [
      { serviceDate: '2026-01-05', ptMedicalNoteId: 1 },
      { serviceDate: '2026-03-01', ptMedicalNoteId: 2 },
      { serviceDate: '2026-01-05', ptMedicalNoteId: 7 },
      { serviceDate: '2025-12-31', ptMedicalNoteId: 9 },
    ];
    expect([...notes].sort(compareNotes).map((n) => n.ptMedicalNoteId)).toEqual([2, 7, 1, 9]);
  });
});

describe('pageFileName', () => {
  it.each([
    ['application/pdf', 'medical-note-12-page-2.pdf'],
    ['image/png', 'medical-note-12-page-2.png'],
    ['image/jpeg', 'medical-note-12-page-2.jpg'],
  ] as const)('%s: %s', (type, name) => {
    expect(pageFileName(12, 2, type)).toBe(name);
  });
});

/* --------------------------------------------------------------- OpenAPI */

describe('the OpenAPI document', () => {
  it('describes every medical notes route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string; description?: string }>> }>();
    for (const [path, method] of [
      ['/api/patients/{patientId}/medicalnotes/published', 'get'],
      ['/api/patients/{patientId}/medicalnotes/notReviewedCount', 'get'],
      ['/api/patients/{patientId}/medicalnotes/{noteId}/setasreviewed', 'post'],
      ['/api/patients/{patientId}/medicalnotes/published/{noteId}/page/{pageNumber}/content', 'get'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op?.description?.length, path).toBeGreaterThan(100);
    }
  });
});
