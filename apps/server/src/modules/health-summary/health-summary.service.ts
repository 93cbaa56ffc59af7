import {
  CCDA_DOCUMENT_TYPES,
  type HealthSummaryDownloadFormat,
  type HealthSummaryEntry,
  type HealthSummaryIdentifier,
  type HealthSummaryVersion,
  type OfficeVisit,
} from '@portal/contracts';
import type { Config } from '../../config';
import { directMode } from '../../platform/direct/direct-service';
import type { Db } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { callerLanguage, type LanguageRequest } from '../../platform/content/caller-language';
import { notFound } from '../../platform/errors/app-error';
import { ccdaLabels } from './health-summary.documents';
import { downloadFile, type SummaryFile } from './health-summary.download';
import { documentViews, viewHtml } from './health-summary.render';
import {
  findDocuments,
  findDocumentsWithXml,
  findExternalSystem,
  findMostRecentDocument,
  findOfficeVisits,
  findVersions,
  SUMMARY_NOT_FOUND_MESSAGE,
  type DocumentMetadata,
  type ExternalSystemRow,
  type SummarySelection,
} from './health-summary.repository';

export { selectionOf, SUMMARY_NOT_FOUND_MESSAGE, type SummarySelection } from './health-summary.repository';

// The patient API's reads of health summaries (spec 002, 2.7 and 7): lists by system and range, the visits, the
// most recent, the view, the print record and the download. Every read names the scope's patient: a system or a
// document of another patient is a 404 like one that does not exist.

/**
 * Whether the portal can send by Direct: a HISP is configured, or (outside production) the development stand-in
 * keeps what would have left (ADR 0014).
 */
export function isDirectAvailable(config: Pick<Config, 'direct' | 'env'>): boolean {
  return directMode(config) !== null;
}

/** The documents a request named, for its audit row: ids only. */
export interface ServedDocuments {
  ccdaIds: number[];
}

export class HealthSummaryService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'direct' | 'env'>,
  ) {}

  private sendSecurelyDisabled(system: Pick<ExternalSystemRow, 'sendSecurelyDisabled'>): boolean {
    return system.sendSecurelyDisabled || !isDirectAvailable(this.config);
  }

  /**
   * The system's documents written in the range (both days included; the newest version of each), newest first,
   * or the one document named by ccdaId; each with the other versions of its document, newest first.
   */
  async entries(scope: PatientScope, ifSystemId: number, selection: SummarySelection): Promise<HealthSummaryEntry[]> {
    const system = await findExternalSystem(this.db, scope, ifSystemId);
    const sendSecurelyDisabled = this.sendSecurelyDisabled(system);
    const documents = await findDocuments(this.db, scope, system.id, selection);
    const versions = await this.versionsOf(scope, system.id, documents);
    return documents.map((document) => ({
      ifSystemId: system.id,
      ccdaId: document.id,
      startDate: null,
      endDate: null,
      sendSecurelyDisabled,
      displayDate: document.documentDate,
      title: document.title,
      documentType: (document.documentCode && CCDA_DOCUMENT_TYPES[document.documentCode]) ?? null,
      authorName: document.authorName,
      organizationName: document.organizationName,
      versionNumber: document.versionNumber,
      versions: versions(document),
      attachmentType: document.attachmentType,
    }));
  }

  /** The other versions of each document (same setId and document code), newest first: one query for all. */
  private async versionsOf(scope: PatientScope, systemId: number, documents: DocumentMetadata[]) {
    const setIds = [...new Set(documents.flatMap((document) => (document.setId ? [document.setId] : [])))];
    const rows = await findVersions(this.db, scope, systemId, setIds);
    return (document: DocumentMetadata): HealthSummaryVersion[] =>
      rows
        .filter(
          (row) => row.id !== document.id && row.setId === document.setId && row.documentCode === document.documentCode,
        )
        .map((row) => ({ ccdaId: row.id, versionNumber: row.versionNumber, displayDate: row.documentDate }));
  }

  /** Documents about one visit, from every system of the patient, newest visit first. */
  async officeVisits(scope: PatientScope): Promise<OfficeVisit[]> {
    const directAvailable = isDirectAvailable(this.config);
    return (await findOfficeVisits(this.db, scope)).map((visit) => ({
      ifSystemId: visit.externalSystemId,
      ccdaId: visit.id,
      encounterDate: visit.encounterDate,
      encounterTime: visit.encounterTime,
      visitType: visit.visitType,
      provider: visit.providerName,
      location: visit.locationName,
      systemName: visit.systemName,
      sendSecurelyDisabled: visit.sendSecurelyDisabled || !directAvailable,
    }));
  }

  /** The system's newest document; 404 when it has none. */
  async mostRecent(scope: PatientScope, ifSystemId: number): Promise<HealthSummaryIdentifier> {
    const system = await findExternalSystem(this.db, scope, ifSystemId);
    const document = await findMostRecentDocument(this.db, scope, system.id);
    if (!document) throw notFound('not_found', SUMMARY_NOT_FOUND_MESSAGE);
    return {
      ifSystemId: system.id,
      ccdaId: document.id,
      startDate: null,
      endDate: null,
      sendSecurelyDisabled: this.sendSecurelyDisabled(system),
    };
  }

  /** The documents' metadata, newest first; 404 when the selection finds none. */
  private async selected(scope: PatientScope, ifSystemId: number, selection: SummarySelection) {
    const system = await findExternalSystem(this.db, scope, ifSystemId);
    const documents = await findDocuments(this.db, scope, system.id, selection);
    if (documents.length === 0) throw notFound('not_found', SUMMARY_NOT_FOUND_MESSAGE);
    return documents;
  }

  /** The view: each document's stored rendering in the caller's language, in its own article. */
  async view(
    scope: PatientScope,
    ifSystemId: number,
    selection: SummarySelection,
    language: LanguageRequest,
  ): Promise<ServedDocuments & { html: string }> {
    const documents = await this.selected(scope, ifSystemId, selection);
    const views = await documentViews(
      this.db,
      scope,
      documents,
      await callerLanguage(this.db, language, { cached: true }),
    );
    return { ccdaIds: documents.map((document) => document.id), html: viewHtml(documents, views) };
  }

  /** The documents a print shows (the route's audit row names them); 404 when none. */
  async print(scope: PatientScope, ifSystemId: number, selection: SummarySelection): Promise<ServedDocuments> {
    const documents = await this.selected(scope, ifSystemId, selection);
    return { ccdaIds: documents.map((document) => document.id) };
  }

  /** One document as XML or PDF, several as a zip of both; 404 when none. */
  async download(
    scope: PatientScope,
    ifSystemId: number,
    selection: SummarySelection,
    format: HealthSummaryDownloadFormat,
    language: LanguageRequest,
  ): Promise<ServedDocuments & { file: SummaryFile }> {
    const system = await findExternalSystem(this.db, scope, ifSystemId);
    const documents = await findDocumentsWithXml(this.db, scope, system.id, selection);
    if (documents.length === 0) throw notFound('not_found', SUMMARY_NOT_FOUND_MESSAGE);
    // The caller's language matters only for a PDF (alone or in a zip): an XML download reads no strings.
    const needsPdf = format === 'pdf' || documents.length > 1;
    const { locale, strings } = needsPdf
      ? await callerLanguage(this.db, language, { cached: true })
      : { locale: 'en-US', strings: {} as Record<string, string> };
    const file = await downloadFile(documents, selection, format, { labels: ccdaLabels(strings), locale });
    return { ccdaIds: documents.map((document) => document.id), file };
  }
}
