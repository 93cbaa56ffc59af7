import { and, desc, eq, gte, inArray, isNotNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { HEALTH_SUMMARY_LIMITS } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { externalSystems, healthSummaryDocuments, healthSummaryRenderings } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';
import { notFound } from '../../platform/errors/app-error';

// The patient API's reads of health summaries. Every query names the scope's patient: a system or document id of
// another patient finds nothing. Lists read the metadata columns only; the XML is read for the one request that
// renders, downloads or sends it.
//
// Versions (ADR 0014): the documents of one system with the same setId and document code are versions of one
// document. A range, the most recent and the visits show only the newest of each set (the highest versionNumber,
// then the last stored); a document named by its ccdaId is shown whatever its version, and an entry lists the
// other versions of its set (findVersions).

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
  setId: healthSummaryDocuments.setId,
  versionNumber: healthSummaryDocuments.versionNumber,
  attachmentType: healthSummaryDocuments.attachmentType,
  contentSha256: healthSummaryDocuments.contentSha256,
  sizeBytes: healthSummaryDocuments.sizeBytes,
};

export type DocumentMetadata = Awaited<ReturnType<typeof findDocuments>>[number];

const newer = alias(healthSummaryDocuments, 'newer');

/**
 * The document is the newest of its set among the documents `within` allows (a document without a setId stands
 * alone): no document of the same patient, system, setId and document code has a higher versionNumber, or the
 * same one stored later.
 */
function newestOfSet(within: (documents: typeof newer) => SQL | undefined = () => undefined) {
  const doc = healthSummaryDocuments;
  const version = (table: typeof newer | typeof doc) => sql`coalesce(${table.versionNumber}, -1)`;
  return or(
    sql`${doc.setId} IS NULL`,
    notExists(
      sql`(SELECT 1 FROM ${healthSummaryDocuments} AS ${sql.identifier('newer')} WHERE ${and(
        eq(newer.patientId, doc.patientId),
        eq(newer.externalSystemId, doc.externalSystemId),
        eq(newer.setId, doc.setId),
        sql`${newer.documentCode} IS NOT DISTINCT FROM ${doc.documentCode}`,
        or(
          sql`${version(newer)} > ${version(doc)}`,
          and(sql`${version(newer)} = ${version(doc)}`, sql`${newer.id} > ${doc.id}`),
        ),
        within(newer),
      )})`,
    ),
  );
}

function inRange(documentDate: AnyPgColumn, range: { startDate: string; endDate: string }) {
  return and(gte(documentDate, range.startDate), lte(documentDate, range.endDate));
}

function selectionWhere(scope: PatientScope, systemId: number, selection: SummarySelection) {
  const mine = and(
    eq(healthSummaryDocuments.patientId, scope.patientId),
    eq(healthSummaryDocuments.externalSystemId, systemId),
  );
  // A range: the newest version of each document written in it (an older version in the range, whose newer one
  // is not, still shows).
  return 'ccdaId' in selection
    ? and(mine, eq(healthSummaryDocuments.id, selection.ccdaId))
    : and(
        mine,
        inRange(healthSummaryDocuments.documentDate, selection),
        newestOfSet((table) => inRange(table.documentDate, selection)),
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

/** The system's newest document (the newest version of its set), or undefined. */
export function findMostRecentDocument(db: DbOrTx, scope: PatientScope, systemId: number) {
  return db
    .select(documentMetadata)
    .from(healthSummaryDocuments)
    .where(
      and(
        eq(healthSummaryDocuments.patientId, scope.patientId),
        eq(healthSummaryDocuments.externalSystemId, systemId),
        newestOfSet(),
      ),
    )
    .orderBy(desc(healthSummaryDocuments.documentDate), desc(healthSummaryDocuments.id))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The patient's documents about one visit (the newest version of each), newest visit first, with their system. */
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
    .where(
      and(
        eq(healthSummaryDocuments.patientId, scope.patientId),
        isNotNull(healthSummaryDocuments.encounterDate),
        newestOfSet(),
      ),
    )
    .orderBy(desc(healthSummaryDocuments.encounterDate), desc(healthSummaryDocuments.id))
    .limit(HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest);
}

/**
 * Every document of the system in these sets (setId), newest version first: the versions of the documents a
 * list shows (one query; the caller groups them by setId and document code).
 */
export function findVersions(db: DbOrTx, scope: PatientScope, systemId: number, setIds: string[]) {
  if (setIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: healthSummaryDocuments.id,
      setId: healthSummaryDocuments.setId,
      documentCode: healthSummaryDocuments.documentCode,
      versionNumber: healthSummaryDocuments.versionNumber,
      documentDate: healthSummaryDocuments.documentDate,
    })
    .from(healthSummaryDocuments)
    .where(
      and(
        eq(healthSummaryDocuments.patientId, scope.patientId),
        eq(healthSummaryDocuments.externalSystemId, systemId),
        inArray(healthSummaryDocuments.setId, setIds),
      ),
    )
    .orderBy(sql`${healthSummaryDocuments.versionNumber} DESC NULLS LAST`, desc(healthSummaryDocuments.id))
    .limit(HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest * 4);
}

/** The stored views of these documents in one language (one query). */
export function findRenderings(db: DbOrTx, documentIds: number[], language: string) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      documentId: healthSummaryRenderings.documentId,
      contentSha256: healthSummaryRenderings.contentSha256,
      renderer: healthSummaryRenderings.renderer,
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
  /** The renderer's version (CCDA_RENDERER_VERSION) that wrote it. */
  renderer: number;
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
        renderer: sql`excluded.renderer`,
        renderedAt: sql`now()`,
      },
    });
}
