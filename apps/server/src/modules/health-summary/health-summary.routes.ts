import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  HEALTH_SUMMARY_DOWNLOAD_PDF_AUDIT_EVENT,
  HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT,
  HEALTH_SUMMARY_LIMITS,
  HEALTH_SUMMARY_PRINT_AUDIT_EVENT,
  HEALTH_SUMMARY_VIEW_AUDIT_EVENT,
  HealthSummaryDownloadQuerySchema,
  HealthSummaryEntriesSchema,
  HealthSummaryIdentifierQuerySchema,
  HealthSummaryIdentifierSchema,
  HealthSummaryParams,
  HealthSummaryPrintBodySchema,
  HealthSummaryListQuerySchema,
  OfficeVisitsSchema,
  PatientIdParams,
} from '@portal/contracts';
import { scopeOf } from '../../platform/access/access-control';
import { sendDocument } from '../../platform/http/documents';
import { NO_CONTENT, patientRoute, type RouteApp } from '../../platform/http/routes';
import {
  HealthSummaryService,
  selectionOf,
  SUMMARY_NOT_FOUND_MESSAGE,
  type SummarySelection,
} from './health-summary.service';

// The patient API's reads of health summaries (spec 002, 7): lists, office visits, most recent, the HTML view,
// the print record and the download. Sending is in health-summary.transmit.routes.ts.

const TAGS = ['Health summary'];
const BASE = '/api/patients/:patientId/HealthSummary';

const WHO =
  ' The patient or an authorised representative; kiosk and link sessions 403; anyone else 404 (a patient’s ' +
  'record is not shown to strangers, nor is its existence). A system (ifSystemId) of another patient, or none: ' +
  `404 not_found.`;
const SEND_SECURELY =
  ' sendSecurelyDisabled: the system is marked so, or the portal has no Direct (the page then shows ' +
  'noCcdaConfigured rather than the Send Securely form).';
const SELECTION =
  ' Which documents: ccdaId (one document of this system), or startDate and endDate (YYYY-MM-DD, both days ' +
  'included; a start after the end is swapped): every document of the system written in the range, newest first, ' +
  `at most ${HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest}. Neither, or both kinds: 400 validation_failed naming ` +
  `the field. None found (or a document of another system or patient): 404 not_found (“${SUMMARY_NOT_FOUND_MESSAGE}”).`;
const LANGUAGE =
  ' The labels and dates around the documents’ own text are in ?language, else the user’s saved language, else ' +
  'Accept-Language, else the facility’s.';

/**
 * What the route's audit row names: the system and the documents. Set before the service runs, with the document
 * asked for (a 404 is recorded as a failure naming it), then with the documents served.
 */
function auditDocuments(request: FastifyRequest, ifSystemId: number, ccdaIds: number[], event?: string) {
  request.readAudit = { ...(event ? { event } : {}), detail: { ifSystemId, ccdaIds } };
}

function askedFor(selection: SummarySelection): number[] {
  return 'ccdaId' in selection ? [selection.ccdaId] : [];
}

function languageOf(request: FastifyRequest, requested: string | undefined) {
  return { caller: request.caller, requested, acceptLanguage: request.headers['accept-language'] };
}

export async function healthSummaryRoutes(app: RouteApp) {
  const service = new HealthSummaryService(app.deps.database.db, app.deps.config);

  app.get(
    `${BASE}/OfficeVisits`,
    patientRoute({
      tags: TAGS,
      summary: 'The visits the patient’s summaries were written about',
      description:
        'Documents of every system of the patient about one visit (componentOf/encompassingEncounter), newest ' +
        `visit first, at most ${HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest}: encounterDate (YYYY-MM-DD), ` +
        'encounterTime (HH:MM as the system wrote it, or null), visitType, provider, location, the system’s name, ' +
        'and the identifier (ifSystemId, ccdaId) to view it with. An empty list when none.' +
        SEND_SECURELY +
        WHO,
      params: PatientIdParams,
      response: { 200: OfficeVisitsSchema },
    }),
    async (request) => service.officeVisits(scopeOf(request)),
  );

  app.get(
    `${BASE}/:ifSystemId`,
    patientRoute({
      tags: TAGS,
      summary: 'The system’s summaries written in a date range, or one summary’s entry',
      description:
        'Every document of the system whose day (the document’s effectiveTime) is in startDate..endDate (both ' +
        `included; a start after the end is swapped), newest first, at most ${HEALTH_SUMMARY_LIMITS.maxDocumentsPerRequest}: ` +
        'displayDate, title, documentType (the C-CDA type’s name, or null), author and organisation, and its ' +
        'identifier. Versions: documents with the same setId and document type are versions of one document, and ' +
        'the list holds only the newest of them in the range (highest versionNumber, then the last received); ' +
        'versions lists the others (any date, newest first: ccdaId, versionNumber, displayDate), each viewable by ' +
        'its ccdaId. attachmentType: an unstructured document (nonXMLBody) holds a file of that media type ' +
        '(application/pdf: the download with format=pdf is that PDF as it is). Or ccdaId instead of the range: ' +
        'that one document’s entry, whatever its version (the page reads it for the versions and the file of the ' +
        'summary it shows). An empty list when none. A missing or malformed date, or both kinds: 400 ' +
        'validation_failed naming it.' +
        SEND_SECURELY +
        WHO,
      params: HealthSummaryParams,
      querystring: HealthSummaryListQuerySchema,
      response: { 200: HealthSummaryEntriesSchema },
    }),
    async (request) => service.entries(scopeOf(request), request.params.ifSystemId, selectionOf(request.query)),
  );

  app.get(
    '/api/patients/:patientId/MostRecentHealthSummary/:ifSystemId',
    patientRoute({
      tags: TAGS,
      summary: 'The system’s newest summary',
      description:
        'The identifier (ifSystemId, ccdaId; startDate and endDate null) of the system’s newest document. 404 ' +
        `not_found (“${SUMMARY_NOT_FOUND_MESSAGE}”) when it has none: the page shows its empty state.` +
        SEND_SECURELY +
        WHO,
      params: HealthSummaryParams,
      response: { 200: HealthSummaryIdentifierSchema },
    }),
    async (request) => service.mostRecent(scopeOf(request), request.params.ifSystemId),
  );

  app.get(
    `${BASE}/:ifSystemId/html`,
    patientRoute(
      {
        tags: TAGS,
        summary: 'The human-readable view of a summary (an HTML fragment)',
        description:
          'text/html; charset=utf-8, never cached: for each document, newest first (of a range, the newest ' +
          'version of each), <article class="ccda-document" aria-label="{title}"> holding its title (h2) and ' +
          'type, a summary table of the header (patient, identifiers with an SSN as its last four digits, address, ' +
          'authors, care team, contacts, who signed it) and every section’s title (h3) and narrative, or, for an ' +
          'unstructured document, what file it holds; cleaned to the CCDA_HTML_* allowlist of the contracts (clean it again ' +
          'with the same lists before placing it in a page). Rendered the first time a document is viewed in a ' +
          'language and kept; a changed document, or one kept from an older renderer, is rendered again.' +
          SELECTION +
          LANGUAGE +
          ` Writes ${HEALTH_SUMMARY_VIEW_AUDIT_EVENT} with { ifSystemId, ccdaIds } (failure on a 404).` +
          WHO,
        params: HealthSummaryParams,
        querystring: HealthSummaryIdentifierQuerySchema,
        response: { 200: z.string().describe('The documents’ view: an HTML fragment') },
      },
      { auditRead: HEALTH_SUMMARY_VIEW_AUDIT_EVENT },
    ),
    async (request, reply) => {
      const { ifSystemId } = request.params;
      const selection = selectionOf(request.query);
      auditDocuments(request, ifSystemId, askedFor(selection));
      const view = await service.view(
        scopeOf(request),
        ifSystemId,
        selection,
        languageOf(request, request.query.language),
      );
      auditDocuments(request, ifSystemId, view.ccdaIds);
      return sendDocument(reply, { contentType: 'text/html; charset=utf-8', body: view.html });
    },
  );

  app.post(
    `${BASE}/:ifSystemId/print`,
    patientRoute(
      {
        tags: TAGS,
        summary: 'Record that a summary is printed',
        description:
          'Body { ccdaId } or { startDate, endDate }, as the view was asked. Answers 204 after writing ' +
          `${HEALTH_SUMMARY_PRINT_AUDIT_EVENT} with { ifSystemId, ccdaIds }; the browser then prints the view it ` +
          'shows.' +
          SELECTION +
          WHO,
        params: HealthSummaryParams,
        body: HealthSummaryPrintBodySchema,
        response: { 204: NO_CONTENT },
      },
      { auditRead: HEALTH_SUMMARY_PRINT_AUDIT_EVENT },
    ),
    async (request, reply) => {
      const { ifSystemId } = request.params;
      const selection = selectionOf(request.body);
      auditDocuments(request, ifSystemId, askedFor(selection));
      const printed = await service.print(scopeOf(request), ifSystemId, selection);
      auditDocuments(request, ifSystemId, printed.ccdaIds);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/:ifSystemId/download`,
    patientRoute(
      {
        tags: TAGS,
        summary: 'Download a summary: the C-CDA XML, its PDF, or a zip of several',
        description:
          'One document: format=xml (the default) answers its XML exactly as the system sent it ' +
          '(application/xml; charset=utf-8, HealthSummary_{date}_{ccdaId}.xml), format=pdf the human-readable copy ' +
          '(application/pdf, .pdf), or, for an unstructured document that holds a PDF, that PDF as it is. Several (a range): one zip (application/zip, ' +
          'HealthSummary_{start}_to_{end}.zip) holding each document’s XML and PDF. Content-Disposition: ' +
          'attachment; never cached. Opened by a hidden frame, where no bearer header goes: besides the bearer ' +
          'header it accepts ?token= from POST /api/urlTokens for this exact path (5 minutes, bound to the ' +
          'session).' +
          SELECTION +
          LANGUAGE +
          ` Writes ${HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT} or ${HEALTH_SUMMARY_DOWNLOAD_PDF_AUDIT_EVENT} (by ` +
          'format) with { ifSystemId, ccdaIds }.' +
          WHO,
        params: HealthSummaryParams,
        querystring: HealthSummaryDownloadQuerySchema,
        response: { 200: z.any().describe('The file: application/xml, application/pdf or application/zip') },
      },
      { urlToken: true, auditRead: HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT },
    ),
    async (request, reply) => {
      const { ifSystemId } = request.params;
      const { format } = request.query;
      const selection = selectionOf(request.query);
      const event =
        format === 'pdf' ? HEALTH_SUMMARY_DOWNLOAD_PDF_AUDIT_EVENT : HEALTH_SUMMARY_DOWNLOAD_XML_AUDIT_EVENT;
      auditDocuments(request, ifSystemId, askedFor(selection), event);
      const download = await service.download(
        scopeOf(request),
        ifSystemId,
        selection,
        format,
        languageOf(request, request.query.language),
      );
      auditDocuments(request, ifSystemId, download.ccdaIds, event);
      const { file } = download;
      return sendDocument(reply, {
        contentType: file.contentType,
        body: file.content,
        fileName: file.fileName,
        disposition: 'attachment',
      });
    },
  );
}
