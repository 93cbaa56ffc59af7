import type { Db } from '../src/db/client';
import { externalSystems } from '../src/db/schema/index';
import { demoCcdaDocuments, type DemoCcdaDocument } from '../src/demo/ccda/demo-ccda';
import {
  storeHealthSummaryDocument,
  type StoredHealthSummaryDocument,
} from '../src/modules/health-summary/health-summary.intake';
import { findPatientIdentity } from '../src/modules/health-summary/health-summary.intake.repository';
import { aboutPatient, readCcdaFixture, type DocumentSubject } from './ccda-fixtures';
import { uniqueId } from './secure-message-fixture';
import { seededPatientId } from '../src/platform/integration/integration-patients';

// Health summaries stored through the intake (the integration API's path), so the API tests, the authorisation
// matrix and the read-audit walk do not depend on the demo seed's systems and documents. Each call makes new
// systems with identifiers no other call used, so it may be called many times for the same patient.

/** Which system of the fixture a document comes from: the one with CcdaRequested, or the other. */
export type FixtureSystemKey = 'ccda' | 'other';

/** Where a document's XML comes from. */
export type FixtureDocumentSource =
  /** A demo document by its externalId ('demo-ccda-jane-onc-4'), generated relative to the fixture's `now`. */
  | { demo: string }
  /** A real example of the shared fixtures folder by file name ('ccd.xml'). */
  | { fixture: string }
  /** Any XML. */
  | { xml: string };

export interface FixtureDocumentSpec {
  source: FixtureDocumentSource;
  /** Default 'ccda'. */
  system?: FixtureSystemKey;
  /** Default a fresh unique identifier. */
  externalId?: string;
}

export interface FixtureSystem {
  id: number;
  externalId: string;
  name: string;
}

export interface FixtureDocument extends StoredHealthSummaryDocument {
  system: FixtureSystemKey;
}

export interface HealthSummaryFixture {
  patientId: number;
  /** 'ccda' has activeTriggerEventTypes ['CcdaRequested']; 'other' exists when `systems` is 2. */
  systems: { ccda: FixtureSystem; other?: FixtureSystem };
  /** The stored documents, in the order given. */
  documents: FixtureDocument[];
}

export interface HealthSummaryFixtureOptions {
  /** How many systems the patient gets (default 1: the 'ccda' one). */
  systems?: 1 | 2;
  /** Default: DEFAULT_FIXTURE_DOCUMENTS. */
  documents?: FixtureDocumentSpec[];
  /** send_securely_disabled of the 'ccda' system (default false). */
  sendSecurelyDisabled?: boolean;
  /** What the demo documents are generated relative to (default: now). */
  now?: Date;
  /** Names of the systems (default 'Test Oncology {id}' and 'test hospital {id}', so lower(name) sorts them). */
  names?: Partial<Record<FixtureSystemKey, string>>;
}

/**
 * Two documents of jane.doe's demo record: an oncology follow-up visit (with an encounter, a recent date) and
 * the CCD after chemotherapy (no encounter, an older date).
 */
export const DEFAULT_FIXTURE_DOCUMENTS: FixtureDocumentSpec[] = [
  { source: { demo: 'demo-ccda-jane-onc-4' } },
  { source: { demo: 'demo-ccda-jane-onc-2' } },
];

const demoCache = new Map<number, DemoCcdaDocument[]>();

/** A demo document's XML by its externalId, generated relative to `now` (kept per `now`: generating is slow). */
export function demoCcdaXml(externalId: string, now = new Date()): string {
  let documents = demoCache.get(now.getTime());
  if (!documents) {
    documents = demoCcdaDocuments(now);
    demoCache.set(now.getTime(), documents);
  }
  const document = documents.find((d) => d.externalId === externalId);
  if (!document) throw new Error(`no demo C-CDA document ${externalId}`);
  return document.xml;
}

export function fixtureSourceXml(source: FixtureDocumentSource, now = new Date()): string {
  if ('xml' in source) return source.xml;
  if ('fixture' in source) return readCcdaFixture(source.fixture);
  return demoCcdaXml(source.demo, now);
}

/** The patient as their record has them: what a document filed under them is made about (aboutPatient). */
export function subjectOf(db: Db, patientId: number): Promise<DocumentSubject> {
  // The intake's own read of who the patient is, so the fixture makes documents about what the check compares.
  return findPatientIdentity(db, patientId);
}

async function insertSystem(
  db: Db,
  patientId: number,
  name: string,
  activeTriggerEventTypes: string[],
  sendSecurelyDisabled: boolean,
): Promise<FixtureSystem> {
  const externalId = uniqueId('hs-system');
  const [row] = await db
    .insert(externalSystems)
    .values({ patientId, name, externalId, activeTriggerEventTypes, sendSecurelyDisabled })
    .returning({ id: externalSystems.id });
  return { id: row!.id, externalId, name };
}

/**
 * Gives the patient new external systems and stores the chosen documents through storeHealthSummaryDocument (one
 * transaction), each made about the patient (aboutPatient). The patient may be any: a demo patient
 * (seedAccessFixture's patientA) or another.
 */
export async function seedHealthSummaryFixture(
  db: Db,
  patientId: number,
  options: HealthSummaryFixtureOptions = {},
): Promise<HealthSummaryFixture> {
  const now = options.now ?? new Date();
  const suffix = uniqueId('n');
  const ccda = await insertSystem(
    db,
    patientId,
    options.names?.ccda ?? `Test Oncology ${suffix}`,
    ['CcdaRequested'],
    options.sendSecurelyDisabled ?? false,
  );
  const other =
    options.systems === 2
      ? await insertSystem(db, patientId, options.names?.other ?? `test hospital ${suffix}`, [], false)
      : undefined;
  const systems = { ccda, ...(other ? { other } : {}) };
  const specs = options.documents ?? DEFAULT_FIXTURE_DOCUMENTS;
  // Every document is made about the patient it is filed under, as the intake requires.
  const subject = await subjectOf(db, patientId);
  const documents = await db.transaction(async (tx) => {
    const stored: FixtureDocument[] = [];
    for (const spec of specs) {
      const key = spec.system ?? 'ccda';
      const system = systems[key];
      if (!system) throw new Error(`the fixture has no '${key}' system (pass systems: 2)`);
      const { document } = await storeHealthSummaryDocument(tx, {
        patientId: seededPatientId(patientId),
        externalSystemId: system.id,
        externalId: spec.externalId ?? uniqueId('hs-doc'),
        xml: aboutPatient(fixtureSourceXml(spec.source, now), subject),
      });
      stored.push({ ...document, system: key });
    }
    return stored;
  });
  return { patientId, systems, documents };
}
