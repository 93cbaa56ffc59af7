import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { externalSystems, healthSummaryDocuments, healthSummaryRenderings, patients } from '../../db/schema/index';
import { documentMetadata } from './health-summary.repository';

// The writes of health-summary.intake.ts: a patient's C-CDA document keyed by the facility's identifier.

export type NewHealthSummaryDocument = typeof healthSummaryDocuments.$inferInsert;
/** The columns a document's header and content fill (not the patient, the identifier or the row's times). */
export type HealthSummaryDocumentFields = Omit<
  NewHealthSummaryDocument,
  'id' | 'patientId' | 'externalId' | 'receivedAt' | 'updatedAt'
>;

/** Everything of a stored document but its XML. */
// The metadata the patient API lists, plus what the integration API answers besides.
const storedColumns = {
  ...documentMetadata,
  patientId: healthSummaryDocuments.patientId,
  effectiveTime: healthSummaryDocuments.effectiveTime,
  receivedAt: healthSummaryDocuments.receivedAt,
  updatedAt: healthSummaryDocuments.updatedAt,
};

/** A stored document's metadata (its row without the XML). */
export type StoredHealthSummaryDocument = NonNullable<Awaited<ReturnType<typeof findHealthSummaryDocument>>>;

function byExternalId(patientId: number, externalId: string) {
  return and(eq(healthSummaryDocuments.patientId, patientId), eq(healthSummaryDocuments.externalId, externalId));
}

/** The patient's document under the facility's identifier, or undefined; `lock` keeps it for the transaction. */
export function findHealthSummaryDocument(db: DbOrTx, patientId: number, externalId: string, lock = false) {
  const query = db
    .select(storedColumns)
    .from(healthSummaryDocuments)
    .where(byExternalId(patientId, externalId))
    .limit(1);
  return (lock ? query.for('update') : query).then((rows) => rows[0]);
}

/** Adds a document; undefined when one with the same identifier was added meanwhile (a concurrent PUT). */
export function insertHealthSummaryDocument(db: DbOrTx, row: NewHealthSummaryDocument) {
  return db
    .insert(healthSummaryDocuments)
    .values(row)
    .onConflictDoNothing({ target: [healthSummaryDocuments.patientId, healthSummaryDocuments.externalId] })
    .returning(storedColumns)
    .then((rows) => rows[0]);
}

/** Rewrites a document's content and metadata, keeping its id and the time it first arrived. */
export function updateHealthSummaryDocument(db: DbOrTx, id: number, fields: HealthSummaryDocumentFields) {
  return db
    .update(healthSummaryDocuments)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(healthSummaryDocuments.id, id))
    .returning(storedColumns)
    .then((rows) => rows[0]!);
}

/** Forgets a document's rendered views (it changed: the next view renders the new content). */
export async function deleteHealthSummaryRenderings(db: DbOrTx, documentId: number): Promise<void> {
  await db.delete(healthSummaryRenderings).where(eq(healthSummaryRenderings.documentId, documentId));
}

/** Removes the patient's document under the identifier (its renderings go with it); its id, or undefined. */
export function deleteHealthSummaryDocument(db: DbOrTx, patientId: number, externalId: string) {
  return db
    .delete(healthSummaryDocuments)
    .where(byExternalId(patientId, externalId))
    .returning({ id: healthSummaryDocuments.id })
    .then((rows) => rows[0]?.id);
}

/** The patient's external system under the facility's identifier, or undefined. */
export function findSystemByExternalId(db: DbOrTx, patientId: number, externalId: string) {
  return db
    .select({ id: externalSystems.id })
    .from(externalSystems)
    .where(and(eq(externalSystems.patientId, patientId), eq(externalSystems.externalId, externalId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The patient's document under the facility's identifier with its system's identifier, or undefined. */
export function findIntegrationDocument(db: DbOrTx, patientId: number, externalId: string) {
  return db
    .select({ document: storedColumns, systemExternalId: externalSystems.externalId })
    .from(healthSummaryDocuments)
    .innerJoin(externalSystems, eq(externalSystems.id, healthSummaryDocuments.externalSystemId))
    .where(byExternalId(patientId, externalId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Who the patient is, as the facility registered them: what a document's recordTarget must agree with. */
export async function findPatientIdentity(db: DbOrTx, patientId: number) {
  const [row] = await db
    .select({
      firstName: patients.firstName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      sex: patients.sex,
    })
    .from(patients)
    .where(eq(patients.id, patientId))
    .limit(1);
  if (!row) throw new Error(`Patient ${patientId} not found`);
  return row;
}
