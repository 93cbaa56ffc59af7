import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthSummaryEntry, HealthSummaryIdentifier, OfficeVisit } from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import { expectError, expectOk, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import { seedHealthSummaryFixture, type HealthSummaryFixture } from '../../../test/health-summary-fixture';
import { externalSystems } from '../../db/schema/index';
import { isDirectAvailable } from './health-summary.service';

// The lists of the patient API: a system's documents in a range, the visits, the most recent; who may read them.

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
let alex: { userId: number; patientId: number };

beforeAll(async () => {
  ({ t, fx, db, api, alex } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

interface TestDocument {
  title: string;
  /** YYYYMMDD... as effectiveTime */
  effectiveTime: string;
  code?: string;
  /** YYYYMMDDHHMM of the visit */
  visit?: string;
  visitType?: string;
}

/** A small C-CDA document with the header fields the lists read. */
function ccda(doc: TestDocument): string {
  const encounter = doc.visit
    ? `<componentOf><encompassingEncounter><id root="2.16.840.1.113883.19.5" extension="v-${doc.visit}"/>` +
      `<code code="99213" codeSystem="2.16.840.1.113883.6.12" displayName="${doc.visitType ?? 'Office visit'}"/>` +
      `<effectiveTime><low value="${doc.visit}"/></effectiveTime>` +
      '<responsibleParty><assignedEntity><id root="1.2.3"/><assignedPerson><name><given>Ada</given>' +
      '<family>Lovelace</family></name></assignedPerson></assignedEntity></responsibleParty>' +
      '<location><healthCareFacility><id root="1.2.4"/><location><name>Clinic B</name></location>' +
      '</healthCareFacility></location></encompassingEncounter></componentOf>'
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?><ClinicalDocument xmlns="urn:hl7-org:v3">' +
    '<realmCode code="US"/><typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>' +
    '<templateId root="2.16.840.1.113883.10.20.22.1.1" extension="2015-08-01"/><id root="1.2.3.4"/>' +
    `<code code="${doc.code ?? '34133-9'}" codeSystem="2.16.840.1.113883.6.1"/>` +
    `<title>${doc.title}</title><effectiveTime value="${doc.effectiveTime}"/>` +
    '<confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>' +
    '<author><time value="20240101"/><assignedAuthor><id root="1.2.5"/><assignedPerson><name><given>Grace</given>' +
    '<family>Hopper</family></name></assignedPerson><representedOrganization><name>Test Clinic</name>' +
    '</representedOrganization></assignedAuthor></author>' +
    encounter +
    '<component><structuredBody><component><section><title>Problems</title><text>None known.</text></section>' +
    '</component></structuredBody></component></ClinicalDocument>'
  );
}

async function seed(patientId: number, docs: (TestDocument & { system?: 'ccda' | 'other' })[], systems: 1 | 2 = 1) {
  return seedHealthSummaryFixture(db, patientId, {
    systems,
    documents: docs.map((doc) => ({ source: { xml: ccda(doc) }, system: doc.system ?? 'ccda' })),
  });
}

const listUrl = (patientId: number, systemId: number | string, query = '') =>
  `/api/patients/${patientId}/HealthSummary/${systemId}${query}`;
const visitsUrl = (patientId: number) => `/api/patients/${patientId}/HealthSummary/OfficeVisits`;
const recentUrl = (patientId: number, systemId: number | string) =>
  `/api/patients/${patientId}/MostRecentHealthSummary/${systemId}`;
const idOf = (fixture: HealthSummaryFixture, title: string) => fixture.documents.find((d) => d.title === title)!.id;

describe('GET /api/patients/:patientId/HealthSummary/:ifSystemId (a range)', () => {
  let f: HealthSummaryFixture;
  beforeAll(async () => {
    f = await seed(alex.patientId, [
      { title: 'Before', effectiveTime: '20240131235959-0500' },
      { title: 'First day', effectiveTime: '20240201' },
      { title: 'Middle', effectiveTime: '20240215120000', code: '11506-3' },
      { title: 'Middle later', effectiveTime: '20240215090000', code: '99999-9' },
      { title: 'Last day', effectiveTime: '20240229' },
      { title: 'After', effectiveTime: '20240301' },
    ]);
  });

  it('answers the documents of the range, both days included, newest first, every field written out', async () => {
    const system = f.systems.ccda.id;
    const entries = expectOk<HealthSummaryEntry[]>(
      await api.get(listUrl(alex.patientId, system, '?startDate=2024-02-01&endDate=2024-02-29'), 'alex'),
    );
    expect(entries.map((e) => e.title)).toEqual(['Last day', 'Middle later', 'Middle', 'First day']);
    expect(entries.find((e) => e.title === 'Middle')).toEqual<HealthSummaryEntry>({
      ifSystemId: system,
      ccdaId: idOf(f, 'Middle'),
      startDate: null,
      endDate: null,
      sendSecurelyDisabled: false,
      displayDate: '2024-02-15',
      title: 'Middle',
      documentType: 'Progress Note',
      authorName: expect.stringContaining('Hopper'),
      organizationName: 'Test Clinic',
      // A document without a setId stands alone; a structured one holds no file.
      versionNumber: null,
      versions: [],
      attachmentType: null,
    });
    expect(entries.find((e) => e.title === 'Middle later')?.documentType).toBeNull();
    expect(entries.find((e) => e.title === 'Last day')?.documentType).toBe('Continuity of Care Document');
  });

  it('swaps a start after the end', async () => {
    const url = listUrl(alex.patientId, f.systems.ccda.id, '?startDate=2024-02-29&endDate=2024-02-01');
    expect(expectOk<HealthSummaryEntry[]>(await api.get(url, 'alex')).map((e) => e.title)).toEqual([
      'Last day',
      'Middle later',
      'Middle',
      'First day',
    ]);
  });

  it('answers one day, and an empty list for a range without documents', async () => {
    const system = f.systems.ccda.id;
    const day = await api.get(listUrl(alex.patientId, system, '?startDate=2024-02-15&endDate=2024-02-15'), 'alex');
    expect(expectOk<HealthSummaryEntry[]>(day).map((e) => e.title)).toEqual(['Middle later', 'Middle']);
    const none = await api.get(listUrl(alex.patientId, system, '?startDate=2020-01-01&endDate=2020-12-31'), 'alex');
    expect(expectOk<HealthSummaryEntry[]>(none)).toEqual([]);
  });

  it('answers at most 50 documents, the newest', async () => {
    const many = await seed(
      alex.patientId,
      Array.from({ length: 52 }, (_, i) => ({
        title: `Doc ${i}`,
        effectiveTime: `2023${String(Math.floor(i / 28) + 1).padStart(2, '0')}${String((i % 28) + 1).padStart(2, '0')}`,
      })),
    );
    const res = await api.get(
      listUrl(alex.patientId, many.systems.ccda.id, '?startDate=2023-01-01&endDate=2023-12-31'),
      'alex',
    );
    const entries = expectOk<HealthSummaryEntry[]>(res);
    expect(entries).toHaveLength(50);
    expect(entries[0]?.title).toBe('Doc 51');
    expect(entries.map((e) => e.title)).not.toContain('Doc 0');
    expect(entries.map((e) => e.title)).not.toContain('Doc 1');
  });

  it('refuses a missing or malformed date, naming it', async () => {
    const system = f.systems.ccda.id;
    expectError(
      await api.get(listUrl(alex.patientId, system, '?startDate=2024-02-01'), 'alex'),
      400,
      'validation_failed',
      'endDate',
    );
    expectError(await api.get(listUrl(alex.patientId, system), 'alex'), 400, 'validation_failed', 'startDate');
    expectError(
      await api.get(listUrl(alex.patientId, system, '?startDate=2024-02-30&endDate=2024-03-01'), 'alex'),
      400,
      'validation_failed',
      'startDate',
    );
    expectError(
      await api.get(listUrl(alex.patientId, 'abc', '?startDate=2024-02-01&endDate=2024-03-01'), 'alex'),
      400,
      'validation_failed',
      'ifSystemId',
    );
  });

  it('answers 404 for a system of another patient, or none', async () => {
    const ofJane = await seed(fx.patientA, [{ title: 'Jane’s', effectiveTime: '20240210' }]);
    const query = '?startDate=2024-01-01&endDate=2024-12-31';
    expectError(await api.get(listUrl(alex.patientId, ofJane.systems.ccda.id, query), 'alex'), 404, 'not_found');
    expectError(await api.get(listUrl(alex.patientId, 999999, query), 'alex'), 404, 'not_found');
  });

  it('says when Send Securely is refused: the system’s flag', async () => {
    const flagged = await seedHealthSummaryFixture(db, alex.patientId, {
      sendSecurelyDisabled: true,
      documents: [{ source: { xml: ccda({ title: 'Flagged', effectiveTime: '20240210' }) } }],
    });
    const res = await api.get(
      listUrl(alex.patientId, flagged.systems.ccda.id, '?startDate=2024-02-10&endDate=2024-02-10'),
      'alex',
    );
    expect(expectOk<HealthSummaryEntry[]>(res).map((e) => e.sendSecurelyDisabled)).toEqual([true]);
  });
});

describe('isDirectAvailable', () => {
  const direct = { smtpUrl: 'smtp://x', certFile: 'c', keyFile: 'k', from: 'a@b.example', trustDir: 't' };
  it('is true with a HISP configured, and outside production without one', () => {
    expect(isDirectAvailable({ env: 'production', direct })).toBe(true);
    expect(isDirectAvailable({ env: 'production', direct: undefined })).toBe(false);
    expect(isDirectAvailable({ env: 'development', direct: undefined })).toBe(true);
    expect(isDirectAvailable({ env: 'test', direct: undefined })).toBe(true);
  });
});

describe('GET /api/patients/:patientId/HealthSummary/OfficeVisits', () => {
  it('answers the documents about a visit from every system, newest visit first, with the system’s name', async () => {
    const patient = fx.patientB;
    const f = await seed(
      patient,
      [
        { title: 'Visit A', effectiveTime: '20240301', visit: '202402101430', visitType: 'Follow-up' },
        { title: 'No visit', effectiveTime: '20240305' },
        { title: 'Visit B', effectiveTime: '20240101', visit: '20240220', system: 'other' },
        { title: 'Visit C', effectiveTime: '20240102', visit: '20231201' },
      ],
      2,
    );
    await db
      .update(externalSystems)
      .set({ sendSecurelyDisabled: true })
      .where(eq(externalSystems.id, f.systems.other!.id));
    const visits = expectOk<OfficeVisit[]>(await api.get(visitsUrl(patient), 'patientB'));
    const ours = visits.filter((v) => f.documents.some((d) => d.id === v.ccdaId));
    expect(ours.map((v) => v.ccdaId)).toEqual([idOf(f, 'Visit B'), idOf(f, 'Visit A'), idOf(f, 'Visit C')]);
    expect(ours[1]).toEqual<OfficeVisit>({
      ifSystemId: f.systems.ccda.id,
      ccdaId: idOf(f, 'Visit A'),
      encounterDate: '2024-02-10',
      encounterTime: '14:30',
      visitType: 'Follow-up',
      provider: expect.stringContaining('Lovelace'),
      location: 'Clinic B',
      systemName: f.systems.ccda.name,
      sendSecurelyDisabled: false,
    });
    expect(ours[0]).toMatchObject({
      systemName: f.systems.other!.name,
      encounterTime: null,
      sendSecurelyDisabled: true,
    });
    // Sorted across the patient's systems, with every one of them.
    const dates = visits.map((v) => v.encounterDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers an empty list for a patient without visits, never another patient’s', async () => {
    await seed(fx.patientA, [{ title: 'J', effectiveTime: '20240101', visit: '20240101' }]);
    await seedHealthSummaryFixture(db, alex.patientId, { documents: [] });
    expect(expectOk<OfficeVisit[]>(await api.get(visitsUrl(alex.patientId), 'alex'))).toEqual([]);
  });
});

describe('GET /api/patients/:patientId/MostRecentHealthSummary/:ifSystemId', () => {
  it('answers the identifier of the system’s newest document', async () => {
    const f = await seed(alex.patientId, [
      { title: 'Old', effectiveTime: '20200101' },
      { title: 'New', effectiveTime: '20250101' },
      { title: 'Mid', effectiveTime: '20220101' },
    ]);
    const identifier = expectOk<HealthSummaryIdentifier>(
      await api.get(recentUrl(alex.patientId, f.systems.ccda.id), 'alex'),
    );
    expect(identifier).toEqual<HealthSummaryIdentifier>({
      ifSystemId: f.systems.ccda.id,
      ccdaId: idOf(f, 'New'),
      startDate: null,
      endDate: null,
      sendSecurelyDisabled: false,
    });
  });

  it('answers 404 for a system without documents, another patient’s, or none', async () => {
    const empty = await seedHealthSummaryFixture(db, alex.patientId, { documents: [] });
    expectError(await api.get(recentUrl(alex.patientId, empty.systems.ccda.id), 'alex'), 404, 'not_found', {
      message: 'No Health Information Summary is available.',
    });
    const janes = await seed(fx.patientA, [{ title: 'J', effectiveTime: '20240101' }]);
    expectError(await api.get(recentUrl(alex.patientId, janes.systems.ccda.id), 'alex'), 404, 'not_found');
    expectError(await api.get(recentUrl(alex.patientId, 999999), 'alex'), 404, 'not_found');
  });
});

describe('who reads the lists', () => {
  let f: HealthSummaryFixture;
  beforeAll(async () => {
    f = await seed(fx.patientA, [{ title: 'Shared', effectiveTime: '20240110', visit: '20240110' }]);
  });
  const urls = () => [
    listUrl(fx.patientA, f.systems.ccda.id, '?startDate=2024-01-01&endDate=2024-01-31'),
    visitsUrl(fx.patientA),
    recentUrl(fx.patientA, f.systems.ccda.id),
  ];

  it.each<CallerKind>(['patientA', 'representativeOfA'])('serves %s', async (who) => {
    for (const url of urls()) expect((await api.get(url, who)).statusCode, url).toBe(200);
  });

  it.each<[CallerKind, number]>([
    ['kioskUserOfA', 403],
    ['linkUserOfA', 403],
    ['patientB', 404],
    ['disabledRepresentative', 404],
    ['anonymous', 401],
  ])('refuses %s with %i', async (who, status) => {
    for (const url of urls()) expect((await api.get(url, who)).statusCode, url).toBe(status);
  });
});

describe('the OpenAPI document', () => {
  it('describes every read of the health summary', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string; description?: string }>> }>();
    const base = '/api/patients/{patientId}';
    for (const [path, method] of [
      [`${base}/HealthSummary/OfficeVisits`, 'get'],
      [`${base}/HealthSummary/{ifSystemId}`, 'get'],
      [`${base}/MostRecentHealthSummary/{ifSystemId}`, 'get'],
      [`${base}/HealthSummary/{ifSystemId}/html`, 'get'],
      [`${base}/HealthSummary/{ifSystemId}/print`, 'post'],
      [`${base}/HealthSummary/{ifSystemId}/download`, 'get'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op?.description?.length, path).toBeGreaterThan(100);
    }
  });
});
