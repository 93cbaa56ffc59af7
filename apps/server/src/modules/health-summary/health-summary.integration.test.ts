import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEALTH_SUMMARY_LIMITS,
  INTEGRATION_DOCUMENT_CONTENT_TYPES,
  type IntegrationDocument,
  type IntegrationDocumentPut,
} from '@portal/contracts';
import { auditEvents, healthSummaryDocuments } from '../../db/schema/index';
import { INTEGRATION_CALL_AUDIT_EVENT } from '../../platform/access/access-control';
import { expectError, expectNoContent, openApiApp, request, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { aboutPatient, listCcdaFixtures, readCcdaFixture, type DocumentSubject } from '../../../test/ccda-fixtures';
import {
  demoCcdaXml,
  seedHealthSummaryFixture,
  subjectOf,
  type HealthSummaryFixture,
} from '../../../test/health-summary-fixture';
import { integrationToken } from '../../../test/integration-client';
import { DOCUMENT_NOT_FOUND_MESSAGE, UNKNOWN_SYSTEM_MESSAGE } from './health-summary.intake';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let riverside: string;
let jane: HealthSummaryFixture;
/** jane.doe as her record has her: the demo documents, made for NOW's year, are made about her. */
let JANE: DocumentSubject;

const JANE_MRN = 'RCC-100234';
const SAM_MRN = 'LCC-2001';
const NOW = new Date('2025-06-15T15:00:00Z');

beforeAll(async () => {
  ({ t, fx, db } = await openApiApp());
  riverside = await integrationToken(t, 'clinical');
  jane = await seedHealthSummaryFixture(db, fx.patientA, { systems: 2, documents: [] });
  JANE = await subjectOf(db, fx.patientA);
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const newId = () => `CCDA-${randomUUID()}`;
const documentUrl = (externalId: string, query: string | null, mrn = JANE_MRN) =>
  `/integration/v1/patients/${mrn}/documents/${encodeURIComponent(externalId)}${query === null ? '' : `?${query}`}`;
const systemQuery = (system = jane.systems.ccda.externalId) => `externalSystem=${encodeURIComponent(system)}`;

interface PutOptions {
  system?: string;
  token?: string;
  mrn?: string;
  contentType?: string;
}
function put(externalId: string, xml: string | Buffer, options: PutOptions = {}) {
  return t.app.inject({
    method: 'PUT',
    url: documentUrl(externalId, systemQuery(options.system), options.mrn),
    headers: {
      authorization: `Bearer ${options.token ?? riverside}`,
      'content-type': options.contentType ?? 'application/xml',
    },
    payload: xml,
  });
}
const get = (externalId: string, query: string | null = null, mrn = JANE_MRN, token = riverside) =>
  request(t, 'GET', documentUrl(externalId, query, mrn), { token });
const withdraw = (externalId: string, query: string | null = null, mrn = JANE_MRN, token = riverside) =>
  request(t, 'DELETE', documentUrl(externalId, query, mrn), { token });

const ONC_VISIT = () => aboutPatient(demoCcdaXml('demo-ccda-jane-onc-4', NOW), JANE);
const ONC_CCD = () => aboutPatient(demoCcdaXml('demo-ccda-jane-onc-2', NOW), JANE);
const sha256 = (xml: string) => createHash('sha256').update(xml, 'utf8').digest('hex');

async function rowOf(externalId: string) {
  const [row] = await db
    .select()
    .from(healthSummaryDocuments)
    .where(and(eq(healthSummaryDocuments.patientId, fx.patientA), eq(healthSummaryDocuments.externalId, externalId)));
  return row;
}

/* --------------------------------------------------------------------- PUT */

describe('PUT /integration/v1/patients/:mrn/documents/:externalId', () => {
  it('creates a document (201) with the header’s metadata, and audits the call naming the patient', async () => {
    const externalId = newId();
    const xml = ONC_VISIT();
    const res = await put(externalId, xml);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<IntegrationDocumentPut>();
    expect(body).toEqual({
      documentId: expect.any(Number),
      externalId,
      externalSystem: jane.systems.ccda.externalId,
      title: 'Medical Oncology Follow-up Visit',
      documentType: '11506-3',
      documentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      encounterDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      contentSha256: sha256(xml),
      sizeBytes: Buffer.byteLength(xml),
      receivedAt: expect.any(String),
      updatedAt: expect.any(String),
      outcome: 'created',
    });
    const row = await rowOf(externalId);
    expect(row).toMatchObject({ id: body.documentId, externalSystemId: jane.systems.ccda.id, xml });
    expect(row?.providerName).toBeTruthy();

    const [call] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, INTEGRATION_CALL_AUDIT_EVENT))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(call).toMatchObject({
      patientId: fx.patientA,
      outcome: 'success',
      route: 'PUT /integration/v1/patients/:mrn/documents/:externalId',
      detail: { mrn: JANE_MRN, externalId, status: 201 },
    });
  });

  it('answers unchanged for the same bytes, updated (same id) for other content or another system', async () => {
    const externalId = newId();
    const created = (await put(externalId, ONC_VISIT())).json<IntegrationDocumentPut>();

    const again = await put(externalId, Buffer.from(ONC_VISIT()), { contentType: 'text/xml; charset=utf-8' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ...created, outcome: 'unchanged' });

    const other = await put(externalId, ONC_CCD(), { contentType: 'application/hl7-cda+xml' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({
      documentId: created.documentId,
      outcome: 'updated',
      title: 'Continuity of Care Document: after chemotherapy',
      encounterDate: null,
      receivedAt: created.receivedAt,
      contentSha256: sha256(ONC_CCD()),
    });

    const moved = await put(externalId, ONC_CCD(), { system: jane.systems.other!.externalId });
    expect(moved.json()).toMatchObject({
      documentId: created.documentId,
      outcome: 'updated',
      externalSystem: jane.systems.other!.externalId,
    });
    expect((await rowOf(externalId))?.externalSystemId).toBe(jane.systems.other!.id);
  });

  it('accepts every real C-CDA example with its metadata', async () => {
    const expected: Record<string, Partial<IntegrationDocument>> = {
      'care-plan.xml': { documentType: '52521-2', documentDate: '2013-08-20', encounterDate: '2013-06-15' },
      'ccd.xml': { title: 'Patient Chart Summary', documentType: '34133-9', documentDate: '2013-08-15' },
      'consultation-note.xml': { documentType: '11488-4', documentDate: '2013-08-01', encounterDate: '2013-07-31' },
      'discharge-summary.xml': { documentType: '18842-5', documentDate: '2014-09-17', encounterDate: '2014-09-09' },
      'history-and-physical.xml': { documentType: '34117-2', documentDate: '2012-09-16' },
      'operative-note.xml': { documentType: '11504-8', documentDate: '2012-09-16', encounterDate: null },
      'progress-note.xml': { title: 'Progress Note', documentType: '11506-3', documentDate: '2005-03-29' },
      'referral-note.xml': { title: 'Referral Note', documentType: '57113-1', documentDate: '2013-09-21' },
    };
    const names = listCcdaFixtures();
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      // As published, each is about someone else than jane.doe: refused, nothing stored (issue 32, finding 2).
      const asPublished = readCcdaFixture(name);
      const refusedId = `fixture-${name}-${randomUUID()}`;
      const refused = await put(refusedId, asPublished);
      expect(refused.statusCode, `${name}: ${refused.body}`).toBe(409);
      expect(refused.json<{ error: string; message: string }>()).toMatchObject({
        error: 'patient_mismatch',
        message: expect.stringMatching(
          /^The document is about another person: .* It differs in name, birthTime/,
        ) as string,
      });
      expect(await rowOf(refusedId)).toBeUndefined();
      // Made about her, it is taken.
      const xml = aboutPatient(asPublished, JANE);
      const res = await put(`fixture-${name}-${randomUUID()}`, xml);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const body = res.json<IntegrationDocumentPut>();
      expect(body.title.length, name).toBeGreaterThan(0);
      expect(body.documentDate, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(body.sizeBytes, name).toBe(Buffer.byteLength(xml));
      expect(body, name).toMatchObject(expected[name] ?? {});
    }
  });

  it('refuses malformed XML with the parser’s message, a DOCTYPE, a document without effectiveTime', async () => {
    const cases: [string | Buffer, RegExp][] = [
      [
        '<ClinicalDocument xmlns="urn:hl7-org:v3"><title>',
        /^The document is not well-formed XML: .*\(line \d+, column \d+\)\.$/,
      ],
      [
        '<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><ClinicalDocument xmlns="urn:hl7-org:v3"/>',
        /^The document declares a DOCTYPE, which is not allowed\.$/,
      ],
      [
        '<ClinicalDocument xmlns="urn:hl7-org:v3"><title>No date</title></ClinicalDocument>',
        /^The document has no effectiveTime\.$/,
      ],
      ['<Patient xmlns="http://hl7.org/fhir"/>', /ClinicalDocument/],
      [Buffer.from([0x3c, 0x61, 0xc3, 0x28, 0x3e]), /^The document is not valid UTF-8 text\.$/],
      ['', /^The document is not well-formed XML: document must contain a root element/],
    ];
    for (const [xml, message] of cases) {
      const externalId = newId();
      const res = await put(externalId, xml);
      const error = res.json<{ error: string; message: string }>();
      expect(res.statusCode, res.body).toBe(400);
      expect(error.error).toBe('invalid_ccda_document');
      expect(error.message).toMatch(message);
      expect(await rowOf(externalId)).toBeUndefined();
    }
  });

  it('refuses a body over 5 MiB with 413 payload_too_large', async () => {
    const filler = `<!-- ${'x'.repeat(HEALTH_SUMMARY_LIMITS.maxDocumentBytes)} -->`;
    const res = await put(newId(), ONC_VISIT().replace('<ClinicalDocument', `${filler}<ClinicalDocument`));
    expectError(res, 413, 'payload_too_large');
  });

  it('refuses a body that is not XML with 415, naming the accepted types', async () => {
    for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await put(newId(), contentType === 'application/json' ? '{"a":1}' : ONC_VISIT(), { contentType });
      const error = expectError(res, 415, 'unsupported_media_type');
      for (const type of INTEGRATION_DOCUMENT_CONTENT_TYPES) expect(error.message).toContain(type);
    }
  });

  it('answers 400 naming externalSystem for a system the patient does not have (or missing)', async () => {
    const otherPatients = await seedHealthSummaryFixture(db, fx.patientB, { documents: [] });
    for (const system of ['NO-SUCH-SYSTEM', otherPatients.systems.ccda.externalId]) {
      expectError(await put(newId(), ONC_VISIT(), { system }), 400, 'validation_failed', {
        field: 'externalSystem',
        message: UNKNOWN_SYSTEM_MESSAGE,
      });
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: documentUrl(newId(), null),
      headers: { authorization: `Bearer ${riverside}`, 'content-type': 'application/xml' },
      payload: ONC_VISIT(),
    });
    expectError(missing, 400, 'validation_failed', 'externalSystem');
    expectError(await put('bad id!', ONC_VISIT()), 400, 'validation_failed', 'externalId');
  });

  it('answers 404 for an unknown MRN and another facility’s patient, 403 without the clinical scope, 401 without a token', async () => {
    expectError(await put(newId(), ONC_VISIT(), { mrn: 'NO-SUCH-MRN' }), 404, 'not_found');
    expectError(await put(newId(), ONC_VISIT(), { mrn: SAM_MRN }), 404, 'not_found');
    const lakeside = await integrationToken(t, 'clinical', 'lakeside');
    expectError(await put(newId(), ONC_VISIT(), { token: lakeside }), 404, 'not_found');
    const content = await integrationToken(t, 'content');
    expectError(await put(newId(), ONC_VISIT(), { token: content }), 403, 'insufficient_scope');
    expectError(await put(newId(), ONC_VISIT(), { token: 'nope' }), 401, 'invalid_token');
  });
});

/* ------------------------------------------------------------ GET and DELETE */

describe('GET and DELETE /integration/v1/patients/:mrn/documents/:externalId', () => {
  it('reads a document’s metadata, withdraws it (204), then answers 404', async () => {
    const externalId = newId();
    const created = (await put(externalId, ONC_VISIT())).json<IntegrationDocumentPut>();
    const { outcome: _outcome, ...document } = created;

    const res = await get(externalId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(document);
    expect((await get(externalId, systemQuery())).json()).toEqual(document);
    expectError(await get(externalId, systemQuery(jane.systems.other!.externalId)), 404, 'not_found', {
      message: DOCUMENT_NOT_FOUND_MESSAGE,
    });
    expectError(await withdraw(externalId, systemQuery(jane.systems.other!.externalId)), 404, 'not_found');

    expectNoContent(await withdraw(externalId, systemQuery()));
    expect(await rowOf(externalId)).toBeUndefined();
    expectError(await get(externalId), 404, 'not_found', { message: DOCUMENT_NOT_FOUND_MESSAGE });
    expectError(await withdraw(externalId), 404, 'not_found');

    const back = await put(externalId, ONC_VISIT());
    expect(back.statusCode).toBe(201);
    expect(back.json<IntegrationDocumentPut>().documentId).not.toBe(created.documentId);
  });

  it('answers 404 for another facility’s patient and 403 without the clinical scope', async () => {
    const externalId = newId();
    await put(externalId, ONC_VISIT());
    const lakeside = await integrationToken(t, 'clinical', 'lakeside');
    expectError(await get(externalId, null, JANE_MRN, lakeside), 404, 'not_found');
    expectError(await withdraw(externalId, null, JANE_MRN, lakeside), 404, 'not_found');
    expectError(await get(externalId, null, SAM_MRN), 404, 'not_found');
    const content = await integrationToken(t, 'content');
    expectError(await get(externalId, null, JANE_MRN, content), 403, 'insufficient_scope');
    expectError(await withdraw(externalId, null, JANE_MRN, content), 403, 'insufficient_scope');
    expect(await rowOf(externalId)).toBeDefined();
    expectError(await get(externalId, 'unknown=1'), 400, 'validation_failed');
  });
});

/* ----------------------------------------------------------------- OpenAPI */

describe('the integration API’s description', () => {
  it('describes PUT, GET and DELETE with the XML content types', async () => {
    const doc = (await t.app.inject({ url: '/integration/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; description?: string; requestBody?: unknown }>>;
    }>();
    const operations = doc.paths['/integration/v1/patients/{mrn}/documents/{externalId}'];
    expect(Object.keys(operations ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    for (const operation of Object.values(operations ?? {})) {
      expect(operation.tags).toEqual(['Health summaries']);
      expect(operation.description?.length).toBeGreaterThan(100);
    }
    const content = Object.keys((operations?.put?.requestBody as { content: Record<string, unknown> }).content);
    expect(content.sort()).toEqual([...INTEGRATION_DOCUMENT_CONTENT_TYPES].sort());
  });
});
