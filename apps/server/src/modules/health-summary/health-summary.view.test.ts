import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_SUMMARY_PRINT_AUDIT_EVENT, HEALTH_SUMMARY_VIEW_AUDIT_EVENT } from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import { expectError, expectNoContent, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import { aboutPatient, readCcdaFixture } from '../../../test/ccda-fixtures';
import { createTestDatabase } from '../../../test/helpers';
import { statementCounter } from '../../../test/query-budget-fixture';
import {
  demoCcdaXml,
  seedHealthSummaryFixture,
  subjectOf,
  type HealthSummaryFixture,
} from '../../../test/health-summary-fixture';
import { auditEvents, healthSummaryDocuments, healthSummaryRenderings, users } from '../../db/schema/index';
import { readCcdaDocument } from '../../platform/ccda/document';
import { forgetLanguageSettings } from '../../platform/content/caller-language';
import type { CcdaSection } from '../../platform/ccda/narrative';
import { escapeHtml } from '../../platform/ccda/render-html';
import { storeHealthSummaryDocument } from './health-summary.intake';
import { seededPatientId } from '../../platform/integration/integration-patients';

// The view (GET .../html: renderings kept per document and language) and the print record.

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let alex: { userId: number; patientId: number };

const counter = statementCounter();

beforeAll(async () => {
  ({ t, fx, db, api, alex } = await openApiApp({ database: await createTestDatabase({ onQuery: counter.onQuery }) }));
});
afterAll(async () => {
  await t?.close();
});

const htmlUrl = (patientId: number, systemId: number | string, query: string) =>
  `/api/patients/${patientId}/HealthSummary/${systemId}/html?${query}`;
const printUrl = (patientId: number, systemId: number | string) =>
  `/api/patients/${patientId}/HealthSummary/${systemId}/print`;

function titlesOf(sections: CcdaSection[]): string[] {
  return sections.flatMap((section) => [...(section.title ? [section.title] : []), ...titlesOf(section.sections)]);
}

function renderingsOf(documentIds: number[]) {
  return db
    .select()
    .from(healthSummaryRenderings)
    .where(inArray(healthSummaryRenderings.documentId, documentIds))
    .orderBy(healthSummaryRenderings.documentId, healthSummaryRenderings.language);
}

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

async function view(patientId: number, systemId: number, query: string, who: CallerKind | 'alex' = 'alex') {
  return api.get(htmlUrl(patientId, systemId, query), who);
}

/** Each document's article: its aria-label, in answer order. */
function articleLabels(html: string): string[] {
  return [...html.matchAll(/<article class="ccda-document" aria-label="([^"]*)">/g)].map((m) => m[1]!);
}

describe('GET /api/patients/:patientId/HealthSummary/:ifSystemId/html', () => {
  let real: HealthSummaryFixture;
  beforeAll(async () => {
    real = await seedHealthSummaryFixture(db, alex.patientId, {
      documents: [{ source: { fixture: 'ccd.xml' } }, { source: { fixture: 'discharge-summary.xml' } }],
    });
  });

  it('answers a document’s view with every section title of a real C-CDA, in an article, as a sandboxed fragment', async () => {
    const ccd = real.documents[0]!;
    const res = await view(alex.patientId, real.systems.ccda.id, `ccdaId=${ccd.id}&language=en-US`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const titles = titlesOf(readCcdaDocument(readCcdaFixture('ccd.xml')).sections);
    expect(titles.length).toBeGreaterThan(10);
    for (const title of titles) expect(res.body).toContain(escapeHtml(title));
    expect(articleLabels(res.body)).toEqual([escapeHtml(ccd.title)]);
    expect(res.body.startsWith('<article class="ccda-document"')).toBe(true);
    expect(res.body.trimEnd().endsWith('</article>')).toBe(true);
    expect(res.body).toContain('About this document');
    expect(res.body).not.toMatch(/<script|onerror=|javascript:/i);
  });

  it('answers every document of a range, newest first, each in its article', async () => {
    const [ccd, discharge] = real.documents as [
      HealthSummaryFixture['documents'][number],
      HealthSummaryFixture['documents'][number],
    ];
    const newestFirst = [ccd, discharge].sort((a, b) => b.documentDate.localeCompare(a.documentDate) || b.id - a.id);
    const start = newestFirst[1]!.documentDate;
    const end = newestFirst[0]!.documentDate;
    // A start after the end is swapped.
    const res = await view(alex.patientId, real.systems.ccda.id, `startDate=${end}&endDate=${start}&language=en-US`);
    expect(res.statusCode, res.body).toBe(200);
    expect(articleLabels(res.body)).toEqual(newestFirst.map((d) => escapeHtml(d.title)));
  });

  it('renders a document once per language and keeps it; another language has its own labels', async () => {
    const f = await seedHealthSummaryFixture(db, alex.patientId, {
      documents: [{ source: { fixture: 'progress-note.xml' } }],
    });
    const id = f.documents[0]!.id;
    const en = await view(alex.patientId, f.systems.ccda.id, `ccdaId=${id}&language=en-US`);
    expect(en.statusCode, en.body).toBe(200);
    const [first] = await renderingsOf([id]);
    expect(first).toMatchObject({ documentId: id, language: 'en-US', contentSha256: f.documents[0]!.contentSha256 });
    const again = await view(alex.patientId, f.systems.ccda.id, `ccdaId=${id}&language=en-US`);
    expect(again.body).toBe(en.body);
    const afterAgain = await renderingsOf([id]);
    expect(afterAgain).toHaveLength(1);
    expect(afterAgain[0]!.renderedAt).toEqual(first!.renderedAt);

    const es = await view(alex.patientId, f.systems.ccda.id, `ccdaId=${id}&language=es-MX`);
    expect(es.body).toContain('Acerca de este documento');
    expect(es.body).not.toContain('About this document');
    expect(en.body).toContain('About this document');
    expect((await renderingsOf([id])).map((r) => r.language)).toEqual(['en-US', 'es-MX']);
  });

  it('reads the saved language without ?language', async () => {
    const f = await seedHealthSummaryFixture(db, alex.patientId, {
      documents: [{ source: { demo: 'demo-ccda-jane-onc-4' } }],
    });
    await db.update(users).set({ preferredLanguage: 'fr-CA' }).where(eq(users.id, alex.userId));
    try {
      const res = await view(alex.patientId, f.systems.ccda.id, `ccdaId=${f.documents[0]!.id}`);
      expect(res.body).toContain('À propos de ce document');
      expect((await renderingsOf([f.documents[0]!.id])).map((r) => r.language)).toEqual(['fr-CA']);
    } finally {
      await db.update(users).set({ preferredLanguage: null }).where(eq(users.id, alex.userId));
    }
  });

  it('renders again a document sent again with other content, and one whose stored hash no longer matches', async () => {
    const f = await seedHealthSummaryFixture(db, alex.patientId, {
      documents: [{ source: { fixture: 'operative-note.xml' } }],
    });
    const doc = f.documents[0]!;
    const url = `ccdaId=${doc.id}&language=en-US`;
    const before = await view(alex.patientId, f.systems.ccda.id, url);
    expect(before.body).not.toContain('Changed title for the test');
    // The intake's update (the integration API's PUT) drops the renderings in its transaction.
    const changed = aboutPatient(readCcdaFixture('operative-note.xml'), await subjectOf(db, alex.patientId)).replace(
      /<title>[^<]*<\/title>/,
      '<title>Changed title for the test</title>',
    );
    await db.transaction((tx) =>
      storeHealthSummaryDocument(tx, {
        patientId: seededPatientId(alex.patientId),
        externalSystemId: f.systems.ccda.id,
        externalId: doc.externalId,
        xml: changed,
      }),
    );
    const after = await view(alex.patientId, f.systems.ccda.id, url);
    expect(articleLabels(after.body)).toEqual(['Changed title for the test']);
    const [rendering] = await renderingsOf([doc.id]);
    expect(rendering!.contentSha256).not.toBe(doc.contentSha256);

    // A row written around the intake (a stale rendering left behind): the hash decides.
    const stale = demoCcdaXml('demo-ccda-jane-onc-2');
    await db
      .update(healthSummaryDocuments)
      .set({ xml: stale, contentSha256: 'f'.repeat(64) })
      .where(eq(healthSummaryDocuments.id, doc.id));
    const third = await view(alex.patientId, f.systems.ccda.id, url);
    const staleTitles = titlesOf(readCcdaDocument(stale).sections);
    for (const title of staleTitles) expect(third.body).toContain(escapeHtml(title));
    const rows = await renderingsOf([doc.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.contentSha256).toBe('f'.repeat(64));
  });

  it('runs as many queries for five documents as for one (no query per document)', async () => {
    const docs = [
      'care-plan.xml',
      'consultation-note.xml',
      'history-and-physical.xml',
      'referral-note.xml',
      'progress-note.xml',
    ];
    const five = await seedHealthSummaryFixture(db, alex.patientId, {
      documents: docs.map((fixture) => ({ source: { fixture } })),
    });
    const one = await seedHealthSummaryFixture(db, alex.patientId, { documents: [{ source: { fixture: 'ccd.xml' } }] });
    const count = async (systemId: number, query: string) => {
      // Every count starts without the cached language settings, so each reads the same ones.
      forgetLanguageSettings();
      const sent = await counter.during(async () => {
        const res = await view(alex.patientId, systemId, query);
        expect(res.statusCode, res.body).toBe(200);
      });
      return sent.length;
    };
    const dates = five.documents.map((d) => d.documentDate).sort();
    const range = `startDate=${dates[0]}&endDate=${dates[dates.length - 1]}&language=pt-BR`;
    const oneQuery = `ccdaId=${one.documents[0]!.id}&language=pt-BR`;
    const firstFive = await count(five.systems.ccda.id, range);
    const firstOne = await count(one.systems.ccda.id, oneQuery);
    expect(firstOne).toBeGreaterThan(3);
    expect(firstFive).toBe(firstOne);
    // Kept renderings: fewer queries still (no XML read, no write).
    expect(await count(five.systems.ccda.id, range)).toBeLessThan(firstFive);
    expect((await renderingsOf(five.documents.map((d) => d.id))).filter((r) => r.language === 'pt-BR')).toHaveLength(5);
  });

  it('refuses a missing or double identifier, naming the field', async () => {
    const system = real.systems.ccda.id;
    expectError(await view(alex.patientId, system, ''), 400, 'validation_failed', 'startDate');
    expectError(await view(alex.patientId, system, 'startDate=2024-01-01'), 400, 'validation_failed', 'endDate');
    expectError(await view(alex.patientId, system, 'endDate=2024-01-01'), 400, 'validation_failed', 'startDate');
    expectError(
      await view(alex.patientId, system, `ccdaId=${real.documents[0]!.id}&startDate=2024-01-01&endDate=2024-02-01`),
      400,
      'validation_failed',
      'ccdaId',
    );
    expectError(await view(alex.patientId, system, 'ccdaId=zero'), 400, 'validation_failed', 'ccdaId');
    expectError(await view(alex.patientId, system, 'ccdaId=1&extra=1'), 400, 'validation_failed');
  });

  it('answers 404 for a document of another system or patient, or a range without documents, and audits the attempt', async () => {
    const other = await seedHealthSummaryFixture(db, alex.patientId, {
      documents: [{ source: { demo: 'demo-ccda-jane-onc-2' } }],
    });
    const janes = await seedHealthSummaryFixture(db, fx.patientA, {
      documents: [{ source: { demo: 'demo-ccda-jane-onc-2' } }],
    });
    const system = real.systems.ccda.id;
    const since = await lastAuditId();
    expectError(await view(alex.patientId, system, `ccdaId=${other.documents[0]!.id}`), 404, 'not_found', {
      message: 'No Health Information Summary is available.',
    });
    expectError(await view(alex.patientId, system, `ccdaId=${janes.documents[0]!.id}`), 404, 'not_found');
    expectError(
      await view(alex.patientId, janes.systems.ccda.id, `ccdaId=${janes.documents[0]!.id}`),
      404,
      'not_found',
    );
    expectError(await view(alex.patientId, system, 'startDate=1990-01-01&endDate=1990-12-31'), 404, 'not_found');
    const rows = await auditRowsSince(since, HEALTH_SUMMARY_VIEW_AUDIT_EVENT);
    expect(rows.map((r) => [r.outcome, r.patientId, r.detail])).toEqual([
      [
        'failure',
        alex.patientId,
        { patientId: String(alex.patientId), ifSystemId: system, ccdaIds: [other.documents[0]!.id], status: 404 },
      ],
      [
        'failure',
        alex.patientId,
        { patientId: String(alex.patientId), ifSystemId: system, ccdaIds: [janes.documents[0]!.id], status: 404 },
      ],
      [
        'failure',
        alex.patientId,
        {
          patientId: String(alex.patientId),
          ifSystemId: janes.systems.ccda.id,
          ccdaIds: [janes.documents[0]!.id],
          status: 404,
        },
      ],
      ['failure', alex.patientId, { patientId: String(alex.patientId), ifSystemId: system, ccdaIds: [], status: 404 }],
    ]);
    // Nothing was recorded against jane's record.
    expect(rows.filter((r) => r.patientId === fx.patientA)).toEqual([]);
  });

  it('writes the view’s audit row with the ids of the documents served, never their content', async () => {
    const since = await lastAuditId();
    const dates = real.documents.map((d) => d.documentDate).sort();
    const res = await view(alex.patientId, real.systems.ccda.id, `startDate=${dates[0]}&endDate=${dates[1]}`);
    expect(res.statusCode).toBe(200);
    const rows = await auditRowsSince(since, HEALTH_SUMMARY_VIEW_AUDIT_EVENT);
    expect(rows).toHaveLength(1);
    const ids = [...real.documents]
      .sort((a, b) => b.documentDate.localeCompare(a.documentDate) || b.id - a.id)
      .map((d) => d.id);
    expect(rows[0]).toMatchObject({
      outcome: 'success',
      patientId: alex.patientId,
      actorUserId: alex.userId,
      relationship: 'self',
      route: 'GET /api/patients/:patientId/HealthSummary/:ifSystemId/html',
      detail: { patientId: String(alex.patientId), ifSystemId: real.systems.ccda.id, ccdaIds: ids, status: 200 },
    });
    expect(JSON.stringify(rows[0]!.detail)).not.toContain(real.documents[0]!.title);
  });

  it('serves the patient and a representative; kiosk and link sessions 403, strangers 404', async () => {
    const janes = await seedHealthSummaryFixture(db, fx.patientA, {
      documents: [{ source: { demo: 'demo-ccda-jane-onc-4' } }],
    });
    const query = `ccdaId=${janes.documents[0]!.id}`;
    for (const who of ['patientA', 'representativeOfA'] as const) {
      expect((await view(fx.patientA, janes.systems.ccda.id, query, who)).statusCode).toBe(200);
    }
    expectError(await view(fx.patientA, janes.systems.ccda.id, query, 'kioskUserOfA'), 403, 'forbidden');
    expectError(await view(fx.patientA, janes.systems.ccda.id, query, 'linkUserOfA'), 403, 'forbidden');
    expectError(await view(fx.patientA, janes.systems.ccda.id, query, 'patientB'), 404, 'not_found');
  });
});

describe('POST /api/patients/:patientId/HealthSummary/:ifSystemId/print', () => {
  let f: HealthSummaryFixture;
  beforeAll(async () => {
    f = await seedHealthSummaryFixture(db, fx.patientA, {});
  });

  it('answers 204 and writes the print row with the documents’ ids', async () => {
    const since = await lastAuditId();
    const dates = f.documents.map((d) => d.documentDate).sort();
    expectNoContent(
      await api.post(printUrl(fx.patientA, f.systems.ccda.id), 'representativeOfA', {
        startDate: dates[1],
        endDate: dates[0],
      }),
    );
    expectNoContent(
      await api.post(printUrl(fx.patientA, f.systems.ccda.id), 'patientA', { ccdaId: f.documents[1]!.id }),
    );
    const rows = await auditRowsSince(since, HEALTH_SUMMARY_PRINT_AUDIT_EVENT);
    const newestFirst = [...f.documents].sort((a, b) => b.documentDate.localeCompare(a.documentDate) || b.id - a.id);
    expect(rows.map((r) => [r.relationship, r.outcome, r.detail])).toEqual([
      [
        'representative',
        'success',
        {
          patientId: String(fx.patientA),
          ifSystemId: f.systems.ccda.id,
          ccdaIds: newestFirst.map((d) => d.id),
          status: 204,
        },
      ],
      [
        'self',
        'success',
        { patientId: String(fx.patientA), ifSystemId: f.systems.ccda.id, ccdaIds: [f.documents[1]!.id], status: 204 },
      ],
    ]);
  });

  it('answers 404 when nothing matches (a failure row), 400 naming the field for a bad body', async () => {
    const since = await lastAuditId();
    expectError(
      await api.post(printUrl(fx.patientA, f.systems.ccda.id), 'patientA', {
        startDate: '1990-01-01',
        endDate: '1990-01-02',
      }),
      404,
      'not_found',
    );
    const rows = await auditRowsSince(since, HEALTH_SUMMARY_PRINT_AUDIT_EVENT);
    expect(rows.map((r) => r.outcome)).toEqual(['failure']);
    expectError(
      await api.post(printUrl(fx.patientA, f.systems.ccda.id), 'patientA', {}),
      400,
      'validation_failed',
      'startDate',
    );
    expectError(
      await api.post(printUrl(fx.patientA, f.systems.ccda.id), 'patientA', {
        ccdaId: 1,
        startDate: '2024-01-01',
        endDate: '2024-01-02',
      }),
      400,
      'validation_failed',
      'ccdaId',
    );
    expectError(
      await api.post(printUrl(fx.patientA, f.systems.ccda.id), 'kioskUserOfA', { ccdaId: f.documents[0]!.id }),
      403,
      'forbidden',
    );
  });
});
