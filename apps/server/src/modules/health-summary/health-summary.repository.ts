import { and, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { HEALTH_SUMMARY_LIMITS } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { externalSystems, healthSummaryDocuments, healthSummaryRenderings } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';
import { notFound } from '../../platform/errors/app-error';

// The patient API's reads of health summaries. Every query names the scope's patient: a system or document id of
// another patient finds nothing. Lists read the metadata columns only; the XML is read for the one request that
// renders, downloads or sends it.

/** Which summary: one document, or every document of a system written in a range of days (both ends included). */
export type SummarySelection = { ccdaId: number } | { startDate: string; endDate: string };

/** ccdaId, or the range with a start after the end swapped (spec 002, 4); the caller checked one is given. */
export function selectionOf(query: {
  ccdaId?: number | null;
  startDate?: string | null;
  endDate?: string | null;
}): SummarySelection {
  if (query.ccdaId !== undefined && query.ccdaId !== null) return { ccdaId: query.ccdaId };
  const start = query.startDate ?? '';
  const end = query.endDate ?? '';
  return start <= end ? { startDate: start, endDate: end } : { startDate: end, endDate: start };
}

export const SUMMARY_NOT_FOUND_MESSAGE = 'No Health Information Summary is available.';

export interface ExternalSystemRow {
  id: number;
  name: string;
  sendSecurelyDisabled: boolean;
}

/** The patient's external system, or a 404. */
export async function findExternalSystem(
  db: DbOrTx,
  scope: PatientScope,
  ifSystemId: number,
): Promise<ExternalSystemRow> {
  const [system] = await db
    .select({
      id: externalSystems.id,
      name: externalSystems.name,
      sendSecurelyDisabled: externalSystems.sendSecurelyDisabled,
    })
    .from(externalSystems)
    .where(and(eq(externalSystems.id, ifSystemId), eq(externalSystems.patientId, scope.patientId)))
    .limit(1);
  if (!system) throw notFound('not_found', 'This external system was not found.');
  return system;
}

/** What lists and audit rows need of a document: everything but the XML. */
export const documentMetadata = {
  id: healthSummaryDocuments.id,
  externalSystemId: healthSummaryDocuments.externalSystemId,
  externalId: healthSummaryDocuments.externalId,
  documentCode: healthSummaryDocuments.documentCode,
  title: healthSummaryDocuments.title,
  documentDate: healthSummaryDocuments.documentDate,
  serviceStart: healthSummaryDocuments.serviceStart,
  serviceEnd: healthSummaryDocuments.serviceEnd,
  authorName: healthSummaryDocuments.authorName,
  organizationName: healthSummaryDocuments.organizationName,
  encounterDate: healthSummaryDocuments.encounterDate,
  encounterTime: healthSummaryDocuments.encounterTime,
  visitType: healthSummaryDocuments.visitType,
  providerName: healthSummaryDocuments.providerName,
  locationName: healthSummaryDocuments.locationName,
  contentSha256: healthSummaryDocuments.contentSha256,
  sizeBytes: healthSummaryDocuments.sizeBytes,
};

export type DocumentMetadata = Awaited<ReturnType<typeof findDocuments>>[number];

function selectionWhere(scope: PatientScope, systemId: number, selection: SummarySelection) {
  const mine = and(
    eq(healthSummaryDocuments.patientId, scope.patientId),
    eq(healthSummaryDocuments.externalSystemId, systemId),
  );
  return 'ccdaId' in selection
    ? and(mine, eq(healthSummaryDocuments.id, selection.ccdaId))
    : and(
        mine,
        gte(healthSummaryDocuments.documentDate, selection.startDate),
        lte(healthSummaryDocuments.documentDate, selection.endDate),
      );
}

/**
 * The system's documents the selection names, newest first (at most HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest),
 * without their XML.
 */
export function findDocuments(db: DbOrTx, scope: PatientScope, systemId: number, selection: SummarySelection) {
  return db
    .select(documentMetadata)
    .from(healthSummaryDocuments)
    .where(selectionWhere(scope, systemId, selection))
    .orderBy(desc(healthSummaryDocuments.documentDate), desc(healthSummaryDocuments.id))
    .limit(HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest);
}

/** The same documents with their XML (for a view rendered now, a download or a send). */
export function findDocumentsWithXml(db: DbOrTx, scope: PatientScope, systemId: number, selection: SummarySelection) {
  return db
    .select({ ...documentMetadata, xml: healthSummaryDocuments.xml })
    .from(healthSummaryDocuments)
    .where(selectionWhere(scope, systemId, selection))
    .orderBy(desc(healthSummaryDocuments.documentDate), desc(healthSummaryDocuments.id))
    .limit(HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest);
}

/** The system's newest document, or undefined. */
export function findMostRecentDocument(db: DbOrTx, scope: PatientScope, systemId: number) {
  return db
    .select(documentMetadata)
    .from(healthSummaryDocuments)
    .where(
      and(eq(healthSummaryDocuments.patientId, scope.patientId), eq(healthSummaryDocuments.externalSystemId, systemId)),
    )
    .orderBy(desc(healthSummaryDocuments.documentDate), desc(healthSummaryDocuments.id))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The patient's documents about one visit, newest visit first, with their system (one query). */
export function findOfficeVisits(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      ...documentMetadata,
      encounterDate: sql<string>`${healthSummaryDocuments.encounterDate}`,
      systemName: externalSystems.name,
      sendSecurelyDisabled: externalSystems.sendSecurelyDisabled,
    })
    .from(healthSummaryDocuments)
    .innerJoin(externalSystems, eq(externalSystems.id, healthSummaryDocuments.externalSystemId))
    .where(and(eq(healthSummaryDocuments.patientId, scope.patientId), isNotNull(healthSummaryDocuments.encounterDate)))
    .orderBy(desc(healthSummaryDocuments.encounterDate), desc(healthSummaryDocuments.id))
    .limit(HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest);
}

/** The stored views of these documents in one language (one query). */
export function findRenderings(db: DbOrTx, documentIds: number[], language: string) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      documentId: healthSummaryRenderings.documentId,
      contentSha256: healthSummaryRenderings.contentSha256,
      html: healthSummaryRenderings.html,
    })
    .from(healthSummaryRenderings)
    .where(
      and(inArray(healthSummaryRenderings.documentId, documentIds), eq(healthSummaryRenderings.language, language)),
    );
}

/** The XML of the patient's documents among these ids, with the hash it has now (one query). */
export function findDocumentXml(db: DbOrTx, scope: PatientScope, documentIds: number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: healthSummaryDocuments.id,
      xml: healthSummaryDocuments.xml,
      contentSha256: healthSummaryDocuments.contentSha256,
    })
    .from(healthSummaryDocuments)
    .where(and(eq(healthSummaryDocuments.patientId, scope.patientId), inArray(healthSummaryDocuments.id, documentIds)));
}

export interface RenderingRow {
  documentId: number;
  language: string;
  contentSha256: string;
  html: string;
}

/** Stores views rendered now, replacing an older one of the same document and language (one statement). */
export async function saveRenderings(db: DbOrTx, rows: RenderingRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(healthSummaryRenderings)
    .values(rows)
    .onConflictDoUpdate({
      target: [healthSummaryRenderings.documentId, healthSummaryRenderings.language],
      set: {
        contentSha256: sql`excluded.content_sha256`,
        html: sql`excluded.html`,
        renderedAt: sql`now()`,
      },
    });
}
