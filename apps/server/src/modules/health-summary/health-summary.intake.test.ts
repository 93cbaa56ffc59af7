import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSummaryDocuments, healthSummaryRenderings } from '../../db/schema/index';
import { AppError } from '../../platform/errors/app-error';
import { openApiApp, type TestApp } from '../../../test/api';
import type { AccessFixture } from '../../../test/access-fixture';
import { aboutPatient, readCcdaFixture } from '../../../test/ccda-fixtures';
import { demoCcdaXml, seedHealthSummaryFixture, subjectOf } from '../../../test/health-summary-fixture';
import { uniqueId } from '../../../test/secure-message-fixture';
import { documentDateOf, storeHealthSummaryDocument, withdrawHealthSummaryDocument } from './health-summary.intake';
import { seededPatientId } from '../../platform/integration/integration-patients';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];

beforeAll(async () => {
  ({ t, fx, db } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

const NOW = new Date('2025-06-15T15:00:00Z');

/** A minimal C-CDA header around the parts a test sets. */
function ccda(parts: { effectiveTime?: string; title?: string; code?: string; extra?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
  ${parts.code ?? '<code code="34133-9" codeSystem="2.16.840.1.113883.6.1" displayName="Summary of episode note"/>'}
  ${parts.title === undefined ? '' : `<title>${parts.title}</title>`}
  ${parts.effectiveTime === undefined ? '<effectiveTime value="20250301"/>' : parts.effectiveTime}
  <recordTarget><patientRole><patient>
    <name><given>Someone</given><family>Else</family></name>
    <administrativeGenderCode code="UN"/><birthTime value="19000101"/>
  </patient></patientRole></recordTarget>
  ${parts.extra ?? ''}
</ClinicalDocument>`;
}

/** Stores the document made about the patient (aboutPatient), as every test but the one about that rule wants. */
const store = async (systemId: number, externalId: string, xml: string | Uint8Array, patientId = fx.patientA) => {
  const subject = await subjectOf(db, patientId);
  let about: string | Uint8Array = xml;
  if (typeof xml === 'string') about = aboutPatient(xml, subject);
  else {
    // Bytes stay bytes; bytes that are no UTF-8 text stay as they are (the intake's refusal is what is tested).
    const text = (() => {
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(xml);
      } catch {
        return null;
      }
    })();
    if (text !== null) about = Buffer.from(aboutPatient(text, subject), 'utf8');
  }
  return db.transaction((tx) =>
    storeHealthSummaryDocument(tx, {
      patientId: seededPatientId(patientId),
      externalSystemId: systemId,
      externalId,
      xml: about,
    }),
  );
};

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('documentDateOf', () => {
  it('takes the day, else the first day of the month or the year, and refuses none', async () => {
    const { parseHl7Time } = await import('../../platform/ccda/hl7-time');
    expect(documentDateOf(parseHl7Time('202403051230-0500'))).toBe('2024-03-05');
    expect(documentDateOf(parseHl7Time('202403'))).toBe('2024-03-01');
    expect(documentDateOf(parseHl7Time('2024'))).toBe('2024-01-01');
    expect(() => documentDateOf(null)).toThrow('The document has no effectiveTime.');
  });
});

describe('storeHealthSummaryDocument', () => {
  it('stores a demo document with the metadata of its header', async () => {
    const fixture = await seedHealthSummaryFixture(db, fx.patientA, { documents: [], now: NOW });
    // Made for NOW's year, the demo document is made about jane.doe as her record has her now.
    const xml = aboutPatient(demoCcdaXml('demo-ccda-jane-onc-4', NOW), await subjectOf(db, fx.patientA));
    const { document, outcome } = await store(fixture.systems.ccda.id, uniqueId('doc'), xml);
    expect(outcome).toBe('created');
    expect(document).toMatchObject({
      patientId: fx.patientA,
      externalSystemId: fixture.systems.ccda.id,
      title: 'Medical Oncology Follow-up Visit',
      documentCode: '11506-3',
      contentSha256: createHash('sha256').update(xml).digest('hex'),
      sizeBytes: Buffer.byteLength(xml),
    });
    expect(document.documentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(document.encounterDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(document.encounterTime).toMatch(/^\d{2}:\d{2}$/);
    expect(document.visitType).toBeTruthy();
    expect(document.providerName).toBeTruthy();
    expect(document.locationName).toBeTruthy();
    expect(document.authorName).toBeTruthy();
    expect(document.organizationName).toBe('Riverside Cancer Center');
  });

  it('reads every real example', async () => {
    const fixture = await seedHealthSummaryFixture(db, fx.patientA, { documents: [] });
    const { document } = await store(fixture.systems.ccda.id, uniqueId('doc'), readCcdaFixture('ccd.xml'));
    expect(document.title.length).toBeGreaterThan(0);
    expect(document.effectiveTime).toMatch(/^\d{4}/);
    expect(document.organizationName).toBeTruthy();
  });

  it('is unchanged for the same XML, updated (same id, renderings gone) for other XML or another system', async () => {
    const fixture = await seedHealthSummaryFixture(db, fx.patientA, { systems: 2, documents: [] });
    const externalId = uniqueId('doc');
    const first = await store(fixture.systems.ccda.id, externalId, ccda({ title: 'One' }));
    expect(first.outcome).toBe('created');
    await db.insert(healthSummaryRenderings).values({
      documentId: first.document.id,
      language: 'en',
      contentSha256: first.document.contentSha256,
      html: '<p>One</p>',
    });

    const again = await store(fixture.systems.ccda.id, externalId, Buffer.from(ccda({ title: 'One' })));
    expect(again.outcome).toBe('unchanged');
    expect(again.document.updatedAt).toEqual(first.document.updatedAt);
    expect(
      await db.select().from(healthSummaryRenderings).where(eq(healthSummaryRenderings.documentId, first.document.id)),
    ).toHaveLength(1);

    const changed = await store(
      fixture.systems.ccda.id,
      externalId,
      ccda({ title: 'Two', effectiveTime: '<effectiveTime value="2025"/>' }),
    );
    expect(changed).toMatchObject({
      outcome: 'updated',
      document: { id: first.document.id, title: 'Two', documentDate: '2025-01-01' },
    });
    expect(changed.document.receivedAt).toEqual(first.document.receivedAt);
    expect(
      await db.select().from(healthSummaryRenderings).where(eq(healthSummaryRenderings.documentId, first.document.id)),
    ).toHaveLength(0);

    const moved = await store(
      fixture.systems.other!.id,
      externalId,
      ccda({ title: 'Two', effectiveTime: '<effectiveTime value="2025"/>' }),
    );
    expect(moved).toMatchObject({
      outcome: 'updated',
      document: { id: first.document.id, externalSystemId: fixture.systems.other!.id },
    });
  });

  it('titles a document by its type, else "Health summary"', async () => {
    const fixture = await seedHealthSummaryFixture(db, fx.patientA, { documents: [] });
    expect((await store(fixture.systems.ccda.id, uniqueId('doc'), ccda())).document.title).toBe(
      'Summary of episode note',
    );
    expect((await store(fixture.systems.ccda.id, uniqueId('doc'), ccda({ code: '' }))).document).toMatchObject({
      title: 'Health summary',
      documentCode: null,
      authorName: null,
      encounterDate: null,
    });
  });

  it('refuses malformed XML, a DOCTYPE, bytes that are not UTF-8 and a document without effectiveTime', async () => {
    const fixture = await seedHealthSummaryFixture(db, fx.patientA, { documents: [] });
    const id = fixture.systems.ccda.id;
    const cases: [string | Uint8Array, RegExp][] = [
      ['<ClinicalDocument xmlns="urn:hl7-org:v3"><title>', /not well-formed XML/],
      ['<!DOCTYPE x [<!ENTITY a "b">]><ClinicalDocument xmlns="urn:hl7-org:v3"/>', /DOCTYPE/],
      [Buffer.from([0x3c, 0xff, 0xfe]), /not valid UTF-8/],
      [ccda({ effectiveTime: '<effectiveTime nullFlavor="UNK"/>' }), /^The document has no effectiveTime\.$/],
      ['<html/>', /root element must be ClinicalDocument/],
    ];
    for (const [xml, message] of cases) {
      const error = await refusal(store(id, uniqueId('doc'), xml));
      expect(error).toMatchObject({ statusCode: 400, code: 'invalid_ccda_document' });
      expect(error.message).toMatch(message);
    }
    const rows = await db.select().from(healthSummaryDocuments).where(eq(healthSummaryDocuments.externalSystemId, id));
    expect(rows).toHaveLength(0);
  });
});

describe('a document about another person (issue 32, finding 2)', () => {
  it('is refused with 409 naming what differs, nothing stored; the same made about the patient is taken', async () => {
    const fixture = await seedHealthSummaryFixture(db, fx.patientA, { documents: [] });
    const externalId = uniqueId('other-person');
    const asPublished = readCcdaFixture('progress-note.xml');
    const error = await refusal(
      db.transaction((tx) =>
        storeHealthSummaryDocument(tx, {
          patientId: seededPatientId(fx.patientA),
          externalSystemId: fixture.systems.ccda.id,
          externalId,
          xml: asPublished,
        }),
      ),
    );
    expect(error).toMatchObject({ statusCode: 409, code: 'patient_mismatch' });
    expect(error.message).toBe(
      'The document is about another person: its recordTarget does not match the patient’s name, birth date and ' +
        'sex. It differs in name, birthTime, administrativeGenderCode.',
    );
    expect(
      await db.select().from(healthSummaryDocuments).where(eq(healthSummaryDocuments.externalId, externalId)),
    ).toEqual([]);
    const { outcome } = await store(fixture.systems.ccda.id, externalId, asPublished);
    expect(outcome).toBe('created');
  });

  it('refuses a document without a recordTarget', async () => {
    const fixture = await seedHealthSummaryFixture(db, fx.patientA, { documents: [] });
    const bare = ccda().replace(/<recordTarget>[\s\S]*<\/recordTarget>/, '');
    const error = await refusal(
      db.transaction((tx) =>
        storeHealthSummaryDocument(tx, {
          patientId: seededPatientId(fx.patientA),
          externalSystemId: fixture.systems.ccda.id,
          externalId: uniqueId('bare'),
          xml: bare,
        }),
      ),
    );
    expect(error).toMatchObject({ statusCode: 409, code: 'patient_mismatch', field: 'recordTarget' });
  });
});

describe('withdrawHealthSummaryDocument', () => {
  it('removes the document and its renderings; undefined when there is none', async () => {
    const fixture = await seedHealthSummaryFixture(db, fx.patientA, { documents: [{ source: { xml: ccda() } }] });
    const [document] = fixture.documents;
    // Another patient's identifier is not this patient's document.
    expect(
      await db.transaction((tx) =>
        withdrawHealthSummaryDocument(tx, seededPatientId(fx.patientB), document!.externalId),
      ),
    ).toBeUndefined();
    expect(
      await db.transaction((tx) =>
        withdrawHealthSummaryDocument(tx, seededPatientId(fx.patientA), document!.externalId),
      ),
    ).toBe(document!.id);
    expect(
      await db.select().from(healthSummaryDocuments).where(eq(healthSummaryDocuments.id, document!.id)),
    ).toHaveLength(0);
    expect(
      await db.transaction((tx) =>
        withdrawHealthSummaryDocument(tx, seededPatientId(fx.patientA), document!.externalId),
      ),
    ).toBeUndefined();
  });
});
