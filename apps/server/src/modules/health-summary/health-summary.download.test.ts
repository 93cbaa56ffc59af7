import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_SUMMARY_DOWNLOAD_PDF_AUDIT_EVENT, HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT } from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import { expectError, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import { seedHealthSummaryFixture, type HealthSummaryFixture } from '../../../test/health-summary-fixture';
import { pdfText } from '../../../test/pdf-text';
import { auditEvents, healthSummaryDocuments } from '../../db/schema/index';

// GET .../download: one document's XML as stored or its PDF, several as one zip of both; by bearer or URL token.

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let f: HealthSummaryFixture;
/** The fixture's documents, newest first, with their stored XML. */
let stored: { id: number; documentDate: string; xml: string }[];

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  f = await seedHealthSummaryFixture(db, fx.patientA, {
    documents: [
      { source: { fixture: 'discharge-summary.xml' } },
      { source: { demo: 'demo-ccda-jane-onc-4' } },
      { source: { demo: 'demo-ccda-jane-onc-2' } },
    ],
  });
  stored = await db
    .select({
      id: healthSummaryDocuments.id,
      documentDate: healthSummaryDocuments.documentDate,
      xml: healthSummaryDocuments.xml,
    })
    .from(healthSummaryDocuments)
    .where(
      inArray(
        healthSummaryDocuments.id,
        f.documents.map((d) => d.id),
      ),
    );
  stored.sort((a, b) => b.documentDate.localeCompare(a.documentDate) || b.id - a.id);
});
afterAll(async () => {
  await t?.close();
});

const downloadPath = (patientId: number, systemId: number | string) =>
  `/api/patients/${patientId}/HealthSummary/${systemId}/download`;
const download = (query: string, who: CallerKind = 'patientA', systemId = f.systems.ccda.id) =>
  api.get(`${downloadPath(fx.patientA, systemId)}?${query}`, who);
const fullRange = () => ({ start: stored[stored.length - 1]!.documentDate, end: stored[0]!.documentDate });

async function lastAuditId(): Promise<number> {
  const [row] = await db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}
function auditRowsSince(since: number, eventType: string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(gt(auditEvents.id, since), eq(auditEvents.eventType, eventType)));
}

describe('GET /api/patients/:patientId/HealthSummary/:ifSystemId/download', () => {
  it('answers one document’s XML, byte for byte as stored, as an attachment', async () => {
    const doc = stored[0]!;
    const res = await download(`ccdaId=${doc.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="HealthSummary_${doc.documentDate}_${doc.id}.xml"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(res.rawPayload, Buffer.from(doc.xml, 'utf8'))).toBe(0);
    // format=xml is the default, and says the same.
    const explicit = await download(`ccdaId=${doc.id}&format=xml`);
    expect(Buffer.compare(explicit.rawPayload, res.rawPayload)).toBe(0);
  });

  it('answers one document’s PDF in the caller’s language', async () => {
    const doc = stored.find((d) => d.xml.includes('Discharge'))!;
    const res = await download(`ccdaId=${doc.id}&format=pdf&language=es-MX`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="HealthSummary_${doc.documentDate}_${doc.id}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfText(res.rawPayload)).join(' ');
    expect(text).toContain('Acerca de este documento');
  });

  it('answers a range of several as one zip holding each document’s XML and PDF', async () => {
    const { start, end } = fullRange();
    // A start after the end is swapped; the zip is named after the range.
    const res = await download(`startDate=${end}&endDate=${start}&format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="HealthSummary_${start}_to_${end}.zip"`);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toHaveLength(2 * stored.length);
    for (const doc of stored) {
      const xml = files[`HealthSummary_${doc.documentDate}_${doc.id}.xml`];
      const pdf = files[`HealthSummary_${doc.documentDate}_${doc.id}.pdf`];
      expect(xml && Buffer.from(xml).toString('utf8')).toBe(doc.xml);
      expect(pdf && Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    }
  });

  it('answers a range holding one document as that document alone', async () => {
    const doc = stored[0]!;
    const res = await download(`startDate=${doc.documentDate}&endDate=${doc.documentDate}`);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.rawPayload.toString('utf8')).toBe(doc.xml);
  });

  it('writes the download row by format with the ids, never the content', async () => {
    const since = await lastAuditId();
    const { start, end } = fullRange();
    await download(`ccdaId=${stored[1]!.id}`);
    await download(`ccdaId=${stored[1]!.id}&format=pdf`, 'representativeOfA');
    await download(`startDate=${start}&endDate=${end}`);
    const xmlRows = await auditRowsSince(since, HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT);
    const pdfRows = await auditRowsSince(since, HEALTH_SUMMARY_DOWNLOAD_PDF_AUDIT_EVENT);
    const base = { patientId: String(fx.patientA), ifSystemId: f.systems.ccda.id, status: 200 };
    expect(xmlRows.map((r) => [r.relationship, r.outcome, r.detail])).toEqual([
      ['self', 'success', { ...base, ccdaIds: [stored[1]!.id] }],
      ['self', 'success', { ...base, ccdaIds: stored.map((d) => d.id) }],
    ]);
    expect(pdfRows.map((r) => [r.relationship, r.outcome, r.detail])).toEqual([
      ['representative', 'success', { ...base, ccdaIds: [stored[1]!.id] }],
    ]);
  });

  it('opens with a URL token for this path without a bearer header; a token for another path is refused', async () => {
    const path = downloadPath(fx.patientA, f.systems.ccda.id);
    const mint = async (who: CallerKind, forPath: string) => {
      const res = await api.post('/api/urlTokens', who, { path: forPath });
      expect(res.statusCode, res.body).toBe(200);
      return encodeURIComponent(res.json<{ token: string }>().token);
    };
    const doc = stored[0]!;
    const token = await mint('patientA', path);
    const res = await t.app.inject({ method: 'GET', url: `${path}?token=${token}&ccdaId=${doc.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.toString('utf8')).toBe(doc.xml);
    const pdf = await t.app.inject({ method: 'GET', url: `${path}?token=${token}&ccdaId=${doc.id}&format=pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const other = await seedHealthSummaryFixture(db, fx.patientA, {
      documents: [{ source: { demo: 'demo-ccda-jane-onc-1' } }],
    });
    const otherPath = downloadPath(fx.patientA, other.systems.ccda.id);
    const refused = await t.app.inject({
      method: 'GET',
      url: `${otherPath}?token=${token}&ccdaId=${other.documents[0]!.id}`,
    });
    expectError(refused, 401, 'unauthorized');
    // The view takes no URL token at all.
    const html = `/api/patients/${fx.patientA}/HealthSummary/${f.systems.ccda.id}/html`;
    const htmlToken = await mint('patientA', html);
    expectError(
      await t.app.inject({ method: 'GET', url: `${html}?token=${htmlToken}&ccdaId=${doc.id}` }),
      401,
      'unauthorized',
    );
    // John may mint a token for jane's path, but it opens nothing of hers; a kiosk user's is refused.
    const johns = await mint('patientB', path);
    expectError(
      await t.app.inject({ method: 'GET', url: `${path}?token=${johns}&ccdaId=${doc.id}` }),
      404,
      'not_found',
    );
    const kiosk = await mint('kioskUserOfA', path);
    expectError(
      await t.app.inject({ method: 'GET', url: `${path}?token=${kiosk}&ccdaId=${doc.id}` }),
      403,
      'forbidden',
    );
    expectError(await t.app.inject({ method: 'GET', url: `${path}?ccdaId=${doc.id}` }), 401, 'unauthorized');
  });

  it('refuses a bad query naming the field, and answers 404 for documents not of this system or patient', async () => {
    expectError(await download(''), 400, 'validation_failed', 'startDate');
    expectError(await download(`ccdaId=${stored[0]!.id}&format=docx`), 400, 'validation_failed', 'format');
    expectError(
      await download(`ccdaId=${stored[0]!.id}&startDate=2024-01-01&endDate=2024-01-02`),
      400,
      'validation_failed',
      'ccdaId',
    );
    const johns = await seedHealthSummaryFixture(db, fx.patientB, {
      documents: [{ source: { demo: 'demo-ccda-jane-onc-2' } }],
    });
    const since = await lastAuditId();
    expectError(await download(`ccdaId=${johns.documents[0]!.id}`), 404, 'not_found');
    expectError(
      await download(`ccdaId=${johns.documents[0]!.id}`, 'patientA', johns.systems.ccda.id),
      404,
      'not_found',
    );
    expectError(await download('startDate=1990-01-01&endDate=1990-01-01&format=pdf'), 404, 'not_found');
    const rows = [
      ...(await auditRowsSince(since, HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT)),
      ...(await auditRowsSince(since, HEALTH_SUMMARY_DOWNLOAD_PDF_AUDIT_EVENT)),
    ];
    expect(rows.map((r) => r.outcome)).toEqual(['failure', 'failure', 'failure']);
    expect(rows.every((r) => r.patientId === fx.patientA)).toBe(true);
  });
});
