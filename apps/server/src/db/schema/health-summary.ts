import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, tstz } from './columns';

// The health information summary (module health-summary). Mirrors migrations/0027_health_summaries.sql and
// 0036_health_summary_versions.sql, the source of truth.

/** C-CDA documents per patient and external system, with the header's metadata read when they arrived. */
export const healthSummaryDocuments = pgTable('health_summary_documents', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  patientId: integer('patient_id').notNull(),
  externalSystemId: integer('external_system_id').notNull(),
  externalId: text('external_id').notNull(),
  documentCode: text('document_code'),
  title: text('title').notNull(),
  /** YYYY-MM-DD: the day the document was written, as the sender wrote it. */
  documentDate: date('document_date', { mode: 'string' }).notNull(),
  /** effectiveTime as written (HL7 TS). */
  effectiveTime: text('effective_time'),
  serviceStart: date('service_start', { mode: 'string' }),
  serviceEnd: date('service_end', { mode: 'string' }),
  authorName: text('author_name'),
  organizationName: text('organization_name'),
  /** YYYY-MM-DD of the visit the document is about; null for a document about no one visit. */
  encounterDate: date('encounter_date', { mode: 'string' }),
  /** HH:MM of the visit as written, when given. */
  encounterTime: text('encounter_time'),
  visitType: text('visit_type'),
  providerName: text('provider_name'),
  locationName: text('location_name'),
  /** setId as '{root}|{extension}': the versions of one document share it (with the document code). */
  setId: text('set_id'),
  versionNumber: integer('version_number'),
  /** An unstructured document (nonXMLBody): the media type of the file it holds. */
  attachmentType: text('attachment_type'),
  xml: text('xml').notNull(),
  contentSha256: text('content_sha256').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  receivedAt: tstz('received_at')
    .notNull()
    .default(sql`now()`),
  updatedAt: tstz('updated_at')
    .notNull()
    .default(sql`now()`),
});

/** A document's human-readable view in one language, rendered once. */
export const healthSummaryRenderings = pgTable(
  'health_summary_renderings',
  {
    documentId: integer('document_id').notNull(),
    language: text('language').notNull(),
    contentSha256: text('content_sha256').notNull(),
    html: text('html').notNull(),
    /** The renderer's version (RENDERER_VERSION) the view came from. */
    renderer: integer('renderer').notNull().default(0),
    renderedAt: tstz('rendered_at')
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.language] })],
);

/** Outside production: the Direct messages that would have left, as they would have left. */
export const devDirectMessages = pgTable('dev_direct_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  raw: bytea('raw').notNull(),
  createdAt: tstz('created_at')
    .notNull()
    .default(sql`now()`),
});
