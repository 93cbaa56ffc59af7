import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthSummaryEntry, HealthSummaryIdentifier } from '@portal/contracts';
import type { AccessFixture } from '../../../test/access-fixture';
import { expectOk, openApiApp, type ApiCaller, type TestApp } from '../../../test/api';
import { readCcdaFixture } from '../../../test/ccda-fixtures';
import { seedHealthSummaryFixture, type HealthSummaryFixture } from '../../../test/health-summary-fixture';
import { pdfText } from '../../../test/pdf-text';
import { healthSummaryRenderings } from '../../db/schema/index';
import { CCDA_RENDERER_VERSION } from '../../platform/ccda/render-html';
import { createPdf } from '../../platform/pdf/document';

// The versions of a document and the file of an unstructured one (issue 32, finding 13), through the patient API:
// the HL7 care plan (a real second version of its set) and a first version made from it; the HL7 progress note
// made unstructured, holding a PDF.

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

const base = (systemId: number) => `/api/patients/${fx.patientA}/HealthSummary/${systemId}`;
const list = async (systemId: number, query: string) =>
  expectOk<HealthSummaryEntry[]>(await api.get(`${base(systemId)}?${query}`, 'patientA'));

/** The care plan example as it is: version 2 of set 004bb033…, written 2013-08-20. */
const CARE_PLAN_V2 = readCcdaFixture('care-plan.xml');
/** Its first version: another id, versionNumber 1, written on 2013-07-01. */
const CARE_PLAN_V1 = CARE_PLAN_V2.replace(
  '<id root="db734647-fc99-424c-a864-7e3cda82e703"/>',
  '<id root="db734647-fc99-424c-a864-7e3cda82e701"/>',
)
  .replace('<versionNumber value="2"/>', '<versionNumber value="1"/>')
  .replace('<effectiveTime value="201308201120-0800"/>', '<effectiveTime value="201307011120-0800"/>');
/** A document of another type that reuses the set: not a version of the care plan. */
const OTHER_TYPE = CARE_PLAN_V1.replace(
  '<code code="52521-2" codeSystem="2.16.840.1.113883.6.1"',
  '<code code="11506-3" codeSystem="2.16.840.1.113883.6.1"',
).replace('<title>Good Health Hospital Care Plan</title>', '<title>A note in the same set</title>');

describe('a second version of a document', () => {
  let f: HealthSummaryFixture;
  let v1: number;
  let v2: number;
  let other: number;
  const range = 'startDate=2013-06-01&endDate=2013-09-30';

  beforeAll(async () => {
    // The second version arrives first: the newest is the higher versionNumber, not the later arrival.
    f = await seedHealthSummaryFixture(db, fx.patientA, {
      documents: [
        { source: { xml: CARE_PLAN_V2 } },
        { source: { xml: CARE_PLAN_V1 } },
        { source: { xml: OTHER_TYPE } },
      ],
    });
    [v2, v1, other] = f.documents.map((d) => d.id) as [number, number, number];
  });

  it('is listed once, as the newest version, with the earlier one reachable from it', async () => {
    const entries = await list(f.systems.ccda.id, range);
    expect(entries.map((e) => [e.ccdaId, e.title])).toEqual([
      [v2, 'Good Health Hospital Care Plan'],
      [other, 'A note in the same set'],
    ]);
    expect(entries[0]).toMatchObject({
      versionNumber: 2,
      versions: [{ ccdaId: v1, versionNumber: 1, displayDate: '2013-07-01' }],
      attachmentType: null,
    });
    // Another document type under the same setId is a document of its own.
    expect(entries[1]).toMatchObject({ versionNumber: 1, versions: [] });
  });

  it('answers one document’s entry by ccdaId, whatever its version, with the others newest first', async () => {
    expect(await list(f.systems.ccda.id, `ccdaId=${v1}`)).toEqual([
      expect.objectContaining({
        ccdaId: v1,
        versionNumber: 1,
        displayDate: '2013-07-01',
        versions: [{ ccdaId: v2, versionNumber: 2, displayDate: '2013-08-20' }],
      }),
    ]);
    // Neither, or both: 400 naming the field.
    const both = await api.get(`${base(f.systems.ccda.id)}?ccdaId=${v1}&${range}`, 'patientA');
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ error: 'validation_failed', field: 'ccdaId' });
  });

  it('shows an earlier version alone in a range that holds it and not the newer one', async () => {
    const july = await list(f.systems.ccda.id, 'startDate=2013-07-01&endDate=2013-07-31');
    expect(july.map((e) => e.ccdaId)).toEqual([other, v1]);
  });

  it('is the most recent summary, and a range’s view and download hold it alone', async () => {
    const recent = expectOk<HealthSummaryIdentifier>(
      await api.get(`/api/patients/${fx.patientA}/MostRecentHealthSummary/${f.systems.ccda.id}`, 'patientA'),
    );
    expect(recent.ccdaId).toBe(v2);
    const view = await api.get(`${base(f.systems.ccda.id)}/html?${range}`, 'patientA');
    expect(view.statusCode).toBe(200);
    expect(view.body.match(/<article /g)).toHaveLength(2);
    expect(view.body).toContain('<th scope="row">Version</th><td>2</td>');
    const zip = await api.get(`${base(f.systems.ccda.id)}/download?${range}`, 'patientA');
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).sort()).toEqual(
      [v2, other]
        .flatMap((id) => {
          const day = id === v2 ? '2013-08-20' : '2013-07-01';
          return [`HealthSummary_${day}_${id}.pdf`, `HealthSummary_${day}_${id}.xml`];
        })
        .sort(),
    );
  });
});

describe('an unstructured document holding a PDF', () => {
  let f: HealthSummaryFixture;
  let letter: number;
  let fake: number;
  let pdf: Uint8Array;

  /** The HL7 progress note with its structured body replaced by a nonXMLBody holding `base64`, in a set of its own. */
  const unstructured = (base64: string, setId: string) => {
    const xml = readCcdaFixture('progress-note.xml');
    const start = xml.indexOf('<structuredBody>');
    const end = xml.indexOf('</structuredBody>') + '</structuredBody>'.length;
    return (
      xml.slice(0, start).replace('<setId extension="111199021"', `<setId extension="${setId}"`) +
      `<nonXMLBody><text mediaType="application/pdf" representation="B64">\n${base64}\n</text></nonXMLBody>` +
      xml.slice(end)
    );
  };

  beforeAll(async () => {
    pdf = await createPdf({ title: 'Scanned letter', language: 'en' })
      .paragraph('Letter from Dr. Pseudo Physician-1')
      .save();
    const base64 = Buffer.from(pdf)
      .toString('base64')
      .replace(/(.{76})/g, '$1\n');
    f = await seedHealthSummaryFixture(db, fx.patientA, {
      documents: [
        { source: { xml: unstructured(base64, 'letter') } },
        // Bytes that only claim to be a PDF.
        { source: { xml: unstructured(Buffer.from('<html>not a pdf</html>').toString('base64'), 'fake') } },
      ],
    });
    [letter, fake] = f.documents.map((d) => d.id) as [number, number];
  });

  it('is listed with the media type of its file, only when the bytes are a PDF', async () => {
    const [entry] = await list(f.systems.ccda.id, `ccdaId=${letter}`);
    expect(entry).toMatchObject({ title: 'Progress Note', attachmentType: 'application/pdf', versions: [] });
    const [claimed] = await list(f.systems.ccda.id, `ccdaId=${fake}`);
    expect(claimed?.attachmentType).toBeNull();
  });

  it('says in its view that it is a PDF, not that it has no sections', async () => {
    const view = await api.get(`${base(f.systems.ccda.id)}/html?ccdaId=${letter}`, 'patientA');
    expect(view.body).toContain('<h2>Progress Note</h2>');
    expect(view.body).toContain('<p class="ccda-attachment">The content of this document is a PDF file.</p>');
    expect(view.body).not.toContain('no sections');
    const spanish = await api.get(`${base(f.systems.ccda.id)}/html?ccdaId=${letter}&language=es-MX`, 'patientA');
    expect(spanish.body).toContain('El contenido de este documento es un archivo PDF.');
  });

  it('downloads as its PDF, byte for byte; a file that only claims to be one gets the readable copy', async () => {
    const res = await api.get(`${base(f.systems.ccda.id)}/download?ccdaId=${letter}&format=pdf`, 'patientA');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(res.rawPayload, Buffer.from(pdf))).toBe(0);
    const readable = await api.get(`${base(f.systems.ccda.id)}/download?ccdaId=${fake}&format=pdf`, 'patientA');
    expect(readable.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(readable.rawPayload)).join(' ')).toContain(
      'The content of this document is a file (application/pdf) that cannot be shown here.',
    );
  });
});

describe('a header’s set and file that are longer than any real one', () => {
  it('are stored as none: the document stands alone, and is not refused', async () => {
    const long = 'x'.repeat(500);
    const xml = CARE_PLAN_V2.replace(
      '<setId root="004bb033-b948-4f4c-b5bf-a8dbd7d8dd40"/>',
      `<setId root="004bb033-b948-4f4c-b5bf-a8dbd7d8dd40" extension="${long}"/>`,
    );
    const unstructured = `${xml.slice(0, xml.indexOf('<component>\n\t\t<structuredBody>'))}<component><nonXMLBody><text mediaType="image/${long}" representation="B64">AAAA</text></nonXMLBody></component></ClinicalDocument>`;
    const f = await seedHealthSummaryFixture(db, fx.patientA, {
      documents: [{ source: { xml } }, { source: { xml: unstructured } }],
    });
    expect(f.documents.map((d) => [d.setId, d.attachmentType])).toEqual([
      [null, null],
      [null, null],
    ]);
    const entries = await list(f.systems.ccda.id, 'startDate=2013-08-20&endDate=2013-08-20');
    expect(entries).toHaveLength(2);
  });
});

describe('a view stored by an older renderer', () => {
  it('is rendered again on its next read, and stored with the renderer’s version', async () => {
    const f = await seedHealthSummaryFixture(db, fx.patientA, { documents: [{ source: { fixture: 'ccd.xml' } }] });
    const id = f.documents[0]!.id;
    const url = `${base(f.systems.ccda.id)}/html?ccdaId=${id}&language=en-US`;
    expect((await api.get(url, 'patientA')).body).toContain('<h2>Patient Chart Summary</h2>');
    // As a view from before the title was shown was kept.
    const row = and(eq(healthSummaryRenderings.documentId, id), eq(healthSummaryRenderings.language, 'en-US'));
    await db.update(healthSummaryRenderings).set({ renderer: 1, html: '<p>old view</p>' }).where(row);
    const again = await api.get(url, 'patientA');
    expect(again.body).not.toContain('old view');
    expect(again.body).toContain('<h2>Patient Chart Summary</h2>');
    const [stored] = await db.select().from(healthSummaryRenderings).where(row);
    expect(stored?.renderer).toBe(CCDA_RENDERER_VERSION);
    expect(stored?.html).toContain('Patient Chart Summary');
  });
});
