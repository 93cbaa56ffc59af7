import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATION_NOTE_BODY_LIMIT_BYTES,
  INTEGRATION_NOTE_PAGE_MAX_BYTES,
  MEDICAL_NOTE_PAGE_VIEW_AUDIT_EVENT,
  type IntegrationMedicalNote,
  type IntegrationRecordPut,
  type MedicalNote,
} from '@portal/contracts';
import { auditEvents, medicalNotePages, medicalNotes } from '../../db/schema/index';
import { INTEGRATION_CALL_AUDIT_EVENT } from '../../platform/access/access-control';
import { expectError, expectOk, openApiApp, request, type ApiCaller, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { integrationToken } from '../../../test/integration-client';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let riverside: string;

const JANE_MRN = 'RCC-100234';

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  riverside = await clinicalToken();
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

/** An access token of a new client of a facility, with the given scopes. */
const clinicalToken = (scopes = 'clinical', facility = 'riverside') => integrationToken(t, scopes, facility);

// Pages as a document system sends them: a PDF, a PNG (1x1) and a JPEG (the first bytes of one).
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

const page = (contentType: 'application/pdf' | 'image/png' | 'image/jpeg', bytes: Buffer) => ({
  contentType,
  content: bytes.toString('base64'),
});

function noteBody(overrides: Partial<IntegrationMedicalNote> = {}): IntegrationMedicalNote {
  return {
    serviceDate: '2025-05-02',
    documentType: 'Progress Note',
    authoredBy: 'Dr. Priya Raman',
    status: 'Final',
    noteToPatient: 'Please read before your next visit.',
    isPublished: true,
    pages: [page('application/pdf', PDF), page('image/png', PNG)],
    ...overrides,
  };
}

const noteUrl = (externalId: string, mrn = JANE_MRN) =>
  `/integration/v1/patients/${mrn}/medical-notes/${encodeURIComponent(externalId)}`;

function put(externalId: string, body: unknown, token = riverside, mrn = JANE_MRN) {
  return request(t, 'PUT', noteUrl(externalId, mrn), { token, body });
}
function withdraw(externalId: string, token = riverside, mrn = JANE_MRN) {
  return request(t, 'DELETE', noteUrl(externalId, mrn), { token });
}

const newId = () => `DOC-${randomUUID()}`;
const pageUrl = (noteId: number, pageNumber: number) =>
  `/api/patients/${fx.patientA}/medicalnotes/published/${noteId}/page/${pageNumber}/content`;

async function janeNotes() {
  return expectOk<MedicalNote[]>(await api.get(`/api/patients/${fx.patientA}/medicalnotes/published`, 'patientA'));
}
async function janeCount() {
  return expectOk<number>(await api.get(`/api/patients/${fx.patientA}/medicalnotes/notReviewedCount`, 'patientA'));
}
async function janeReviews(noteId: number) {
  return api.post(`/api/patients/${fx.patientA}/medicalnotes/${noteId}/setasreviewed`, 'patientA');
}
async function created(externalId: string, body = noteBody()) {
  const res = await put(externalId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<IntegrationRecordPut>();
}

/* --------------------------------------------------------------------- PUT */

describe('PUT /integration/v1/patients/:mrn/medical-notes/:externalId', () => {
  it('creates a published note with a PDF and a PNG page: new for jane, counted, each page served as sent', async () => {
    const before = await janeCount();
    const externalId = newId();
    const res = await put(externalId, noteBody());
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<IntegrationRecordPut>();
    expect(res.json()).toEqual({ id, externalId, created: true, changed: true });

    const note = (await janeNotes()).find((n) => n.ptMedicalNoteId === id);
    expect(note).toMatchObject({
      serviceDate: '2025-05-02',
      documentType: 'Progress Note',
      status: 'Final',
      noteToPatient: 'Please read before your next visit.',
      isReviewedByPatient: false,
      pages: [
        { pageNumber: 1, contentType: 'application/pdf' },
        { pageNumber: 2, contentType: 'image/png' },
      ],
    });
    expect(await janeCount()).toBe(before + 1);

    const pdf = await api.get(pageUrl(id, 1), 'patientA');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    const png = await api.get(pageUrl(id, 2), 'patientA');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG)).toBe(true);

    const [row] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, id));
    expect(row?.publishedAt).toBeInstanceOf(Date);
  });

  it('replaces a note under the same identifier: same id, pages replaced, new again, published time kept', async () => {
    const externalId = newId();
    const { id } = await created(externalId);
    expect((await janeReviews(id)).statusCode).toBe(204);
    const [first] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, id));
    const count = await janeCount();

    const amended = noteBody({ status: 'Amended', pages: [page('image/jpeg', JPEG)] });
    const res = await put(externalId, amended);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, externalId, created: false, changed: true });

    const pages = await db
      .select({ pageNumber: medicalNotePages.pageNumber, contentType: medicalNotePages.contentType })
      .from(medicalNotePages)
      .where(eq(medicalNotePages.noteId, id))
      .orderBy(asc(medicalNotePages.pageNumber));
    expect(pages).toEqual([{ pageNumber: 1, contentType: 'image/jpeg' }]);
    const note = (await janeNotes()).find((n) => n.ptMedicalNoteId === id);
    expect(note).toMatchObject({ status: 'Amended', isReviewedByPatient: false });
    expect(await janeCount()).toBe(count + 1);
    const jpeg = await api.get(pageUrl(id, 1), 'patientA');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.rawPayload.equals(JPEG)).toBe(true);
    expectError(await api.get(pageUrl(id, 2), 'patientA'), 404, 'not_found');

    const [after] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, id));
    expect(after?.publishedAt).toEqual(first?.publishedAt);
  });

  it('changes nothing on a resend of the same content', async () => {
    const externalId = newId();
    const { id } = await created(externalId);
    await janeReviews(id);
    const [before] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, id));
    const res = await put(externalId, noteBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, externalId, created: false, changed: false });
    const [after] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, id));
    expect(after).toEqual(before);
    expect(after?.isReviewedByPatient).toBe(true);
  });

  it('keeps an unpublished note from jane until it is published', async () => {
    const externalId = newId();
    const count = await janeCount();
    const { id } = await created(externalId, noteBody({ isPublished: false }));
    expect((await janeNotes()).some((n) => n.ptMedicalNoteId === id)).toBe(false);
    expectError(await api.get(pageUrl(id, 1), 'patientA'), 404, 'not_found');
    const [held] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, id));
    expect(held?.publishedAt).toBeNull();

    expect((await put(externalId, noteBody())).statusCode).toBe(200);
    expect((await janeNotes()).find((n) => n.ptMedicalNoteId === id)?.isReviewedByPatient).toBe(false);
    expect(await janeCount()).toBe(count + 1);
  });

  it('refuses a page whose bytes are not what its content type says (400 naming the page), writing nothing', async () => {
    const externalId = newId();
    const pngSaysPdf = noteBody({ pages: [page('application/pdf', PDF), page('image/png', PDF)] });
    const res = await put(externalId, pngSaysPdf);
    expect(expectError(res, 400, 'validation_failed', 'pages.1.content').message).toContain('PNG');
    expectError(
      await put(externalId, noteBody({ pages: [page('application/pdf', JPEG)] })),
      400,
      'validation_failed',
      'pages.0.content',
    );
    expectError(
      await put(externalId, noteBody({ pages: [{ contentType: 'application/pdf', content: 'not base64!' }] })),
      400,
      'validation_failed',
      'pages.0.content',
    );
    expect(await db.select().from(medicalNotes).where(eq(medicalNotes.externalId, externalId))).toEqual([]);
  });

  it('refuses a body that breaks the schema with a 400 naming the field', async () => {
    const externalId = newId();
    const cases: [unknown, string][] = [
      [noteBody({ documentType: 'x'.repeat(201) }), 'documentType'],
      [noteBody({ serviceDate: '05/02/2025' }), 'serviceDate'],
      [noteBody({ pages: [] }), 'pages'],
      [{ ...noteBody(), status: 'Draft' }, 'status'],
      [
        noteBody({ pages: [{ contentType: 'image/gif' as 'image/png', content: PNG.toString('base64') }] }),
        'pages.0.contentType',
      ],
      [noteBody({ noteToPatient: 'x'.repeat(4001) }), 'noteToPatient'],
    ];
    for (const [body, field] of cases) expectError(await put(externalId, body), 400, 'validation_failed', field);
  });

  it('takes a body larger than the server’s 1 MiB on this route, up to 20 MiB; a page up to 5 MiB', async () => {
    // A 2 MiB scanned page (a PNG signature, then its bytes).
    const big = Buffer.alloc(2 * 1024 * 1024, 7);
    PNG.copy(big, 0, 0, 8);
    const res = await put(newId(), noteBody({ pages: [page('image/png', big)] }));
    expect(res.statusCode, res.body).toBe(201);

    const tooBigPage = Buffer.alloc(INTEGRATION_NOTE_PAGE_MAX_BYTES + 1, 7);
    PNG.copy(tooBigPage, 0, 0, 8);
    expectError(
      await put(newId(), noteBody({ pages: [page('image/png', tooBigPage)] })),
      400,
      'validation_failed',
      'pages.0.content',
    );

    const tooBigBody = JSON.stringify({ ...noteBody(), padding: 'x'.repeat(INTEGRATION_NOTE_BODY_LIMIT_BYTES) });
    const huge = await request(t, 'PUT', noteUrl(newId()), {
      token: riverside,
      body: tooBigBody,
      headers: { 'content-type': 'application/json' },
    });
    expectError(huge, 413, 'payload_too_large');
  });

  it('finds only patients of the client’s facility (404), and needs the clinical scope (403)', async () => {
    expectError(await put(newId(), noteBody(), riverside, 'LCC-2001'), 404, 'not_found');
    const lakeside = await clinicalToken('clinical', 'lakeside');
    const externalId = newId();
    expectError(await put(externalId, noteBody(), lakeside), 404, 'not_found');
    expect(await db.select().from(medicalNotes).where(eq(medicalNotes.externalId, externalId))).toEqual([]);
    const events = await clinicalToken('events');
    expectError(await put(newId(), noteBody(), events), 403, 'insufficient_scope');
    expectError(await withdraw(newId(), events), 403, 'insufficient_scope');
  });

  it('gave the demo’s notes stable identifiers through the same intake', async () => {
    const rows = await db
      .select({ externalId: medicalNotes.externalId })
      .from(medicalNotes)
      .where(eq(medicalNotes.patientId, fx.patientA))
      .orderBy(asc(medicalNotes.id));
    expect(rows.slice(0, 2).map((r) => r.externalId)).toEqual(['demo-note-1', 'demo-note-2']);
  });
});

/* ------------------------------------------------------------------ DELETE */

describe('DELETE /integration/v1/patients/:mrn/medical-notes/:externalId', () => {
  it('withdraws a note: gone from jane’s list, count and pages; the audit trail stays', async () => {
    const externalId = newId();
    const { id } = await created(externalId);
    expect((await api.get(pageUrl(id, 1), 'patientA')).statusCode).toBe(200);
    const count = await janeCount();

    const res = await withdraw(externalId);
    expect(res.statusCode, res.body).toBe(204);
    expect((await janeNotes()).some((n) => n.ptMedicalNoteId === id)).toBe(false);
    expect(await janeCount()).toBe(count - 1);
    expectError(await api.get(pageUrl(id, 1), 'patientA'), 404, 'not_found');
    expectError(await janeReviews(id), 404, 'not_found');

    const [row] = await db.select().from(medicalNotes).where(eq(medicalNotes.id, id));
    expect(row?.withdrawnAt).toBeInstanceOf(Date);
    const views = await db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(eq(auditEvents.eventType, MEDICAL_NOTE_PAGE_VIEW_AUDIT_EVENT))
      .orderBy(desc(auditEvents.id));
    expect(views.some((v) => (v.detail as { noteId?: number } | null)?.noteId === id)).toBe(true);
    const [call] = await db
      .select({ route: auditEvents.route, detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, INTEGRATION_CALL_AUDIT_EVENT), eq(auditEvents.patientId, fx.patientA)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(call).toMatchObject({
      route: 'DELETE /integration/v1/patients/:mrn/medical-notes/:externalId',
      detail: { mrn: JANE_MRN, externalId, status: 204 },
    });

    expect((await withdraw(externalId)).statusCode).toBe(204);
    const put200 = await put(externalId, noteBody());
    expect(put200.json()).toEqual({ id, externalId, created: false, changed: true });
    expect((await janeNotes()).find((n) => n.ptMedicalNoteId === id)?.isReviewedByPatient).toBe(false);
  });

  it('answers 404 for an identifier the patient has no note under, and for another facility’s patient', async () => {
    expectError(await withdraw(newId()), 404, 'not_found');
    const externalId = newId();
    await created(externalId);
    expectError(await withdraw(externalId, riverside, 'LCC-2001'), 404, 'not_found');
    const [row] = await db.select().from(medicalNotes).where(eq(medicalNotes.externalId, externalId));
    expect(row?.withdrawnAt).toBeNull();
  });
});

/* ----------------------------------------------------------------- OpenAPI */

describe('the integration API’s description', () => {
  it('describes PUT and DELETE with tags, summaries, descriptions and the body schema; the portal API’s does not', async () => {
    const doc = (await t.app.inject({ url: '/integration/v1/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; description?: string; requestBody?: unknown }>
      >;
    }>();
    const operations = doc.paths['/integration/v1/patients/{mrn}/medical-notes/{externalId}'];
    expect(Object.keys(operations ?? {}).sort()).toEqual(['delete', 'put']);
    for (const operation of Object.values(operations ?? {})) {
      expect(operation.tags).toEqual(['Medical notes']);
      expect(operation.summary?.length).toBeGreaterThan(10);
      expect(operation.description?.length).toBeGreaterThan(100);
    }
    expect(JSON.stringify(operations?.put?.requestBody)).toContain('maxLength');
    const portal = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(portal.paths)).not.toContain('/integration/v1/patients/{mrn}/medical-notes/{externalId}');
  });
});
