import type { FastifyRequest } from 'fastify';
import {
  ErrorBodySchema,
  HEALTH_SUMMARY_LIMITS,
  INTEGRATION_DOCUMENT_CONTENT_TYPES,
  IntegrationDocumentBodySchema,
  IntegrationDocumentLookupQuerySchema,
  IntegrationDocumentParams,
  IntegrationDocumentPutSchema,
  IntegrationDocumentQuerySchema,
  IntegrationDocumentSchema,
  type IntegrationDocument,
} from '@portal/contracts';
import { CcdaError } from '../../platform/ccda/parse';
import { AppError } from '../../platform/errors/app-error';
import { integrationRoute, NO_CONTENT, type RouteApp } from '../../platform/http/routes';
import { integrationPatientOf } from '../../platform/integration/integration-patients';
import {
  integrationDocumentOf,
  ANOTHER_PERSON_MESSAGE,
  storeDocumentFromSystem,
  withdrawHealthSummaryDocument,
  type StoredHealthSummaryDocument,
} from './health-summary.intake';

// PUT/GET/DELETE /integration/v1/patients/{mrn}/documents/{externalId}: C-CDA documents of a patient's external
// system (scope 'clinical'). The body is the XML itself, not JSON.

const TAGS = ['Health summaries'];
const PATH = '/integration/v1/patients/:mrn/documents/:externalId';
const MIB = 1024 * 1024;

export const UNSUPPORTED_TYPE_MESSAGE = `Send the document as XML, with Content-Type ${INTEGRATION_DOCUMENT_CONTENT_TYPES.join(', ')}.`;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The media type of a request (no parameters, lower case), or null. */
function mediaTypeOf(request: FastifyRequest): string | null {
  const header = request.headers['content-type'];
  return header ? (header.split(';')[0] ?? '').trim().toLowerCase() || null : null;
}

function answer(document: StoredHealthSummaryDocument, externalSystem: string): IntegrationDocument {
  return {
    documentId: document.id,
    externalId: document.externalId,
    externalSystem,
    title: document.title,
    documentType: document.documentCode,
    documentDate: document.documentDate,
    encounterDate: document.encounterDate,
    contentSha256: document.contentSha256,
    sizeBytes: document.sizeBytes,
    receivedAt: document.receivedAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
  };
}

/** Health summaries in from the facility's systems (integration API, scope 'clinical'). */
export async function healthSummaryIntegrationRoutes(app: RouteApp) {
  const { db } = app.deps.database;

  // The document arrives as XML bytes, read here (only these routes see the XML types) as UTF-8 text: bytes that
  // are not UTF-8 are refused as the parser refuses them, never decoded with replacement characters.
  app.addContentTypeParser([...INTEGRATION_DOCUMENT_CONTENT_TYPES], { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, utf8.decode(body as Buffer));
    } catch {
      done(new CcdaError('encoding', 'The document is not valid UTF-8 text.'), undefined);
    }
  });

  app.put(
    PATH,
    {
      bodyLimit: HEALTH_SUMMARY_LIMITS.maxDocumentBytes,
      // Before the body is read: JSON, text or a form is no document (and must not reach a parser).
      preParsing: async (request) => {
        const type = mediaTypeOf(request);
        if (!type || !(INTEGRATION_DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type)) {
          throw new AppError(415, 'unsupported_media_type', UNSUPPORTED_TYPE_MESSAGE);
        }
      },
      ...integrationRoute('clinical', {
        tags: TAGS,
        summary: "Create or replace a C-CDA document of one of the patient's external systems",
        description:
          'The body is a C-CDA R2.1 document (a ClinicalDocument: a CCD, a progress note, a discharge summary...) ' +
          `as the system wrote it, UTF-8 XML sent as ${INTEGRATION_DOCUMENT_CONTENT_TYPES.join(', ')} (415 ` +
          `unsupported_media_type for any other type), up to ${HEALTH_SUMMARY_LIMITS.maxDocumentBytes / MIB} MiB ` +
          '(413 payload_too_large beyond). It is stored under your identifier of the document (externalId, unique ' +
          'per patient) for the patient (MRN at your facility) and the external system that wrote it ' +
          '(externalSystem: externalSystems[].externalId of the patient as you PUT it; 400 validation_failed naming ' +
          'externalSystem when the patient has none with it). The portal reads the header once, here: the title ' +
          '(else the document type), the effectiveTime (the date a range selects it by; required), the period of ' +
          'care, the author and organization, and componentOf/encompassingEncounter (the visit a patient may ' +
          'choose). The patient sees the narrative of every section in the Health Information Summary, and may ' +
          'view, print, download, email and send it securely. A document that is not well-formed XML, declares a ' +
          'DOCTYPE, is not UTF-8, is not a ClinicalDocument in urn:hl7-org:v3, exceeds the parser’s limits or ' +
          'has no effectiveTime is a 400 invalid_ccda_document whose message says why; nothing is stored. A new ' +
          'externalId creates the document (201, outcome created). The same bytes again from the same system ' +
          'change nothing (200, unchanged); other content, or the same externalId from another system of the ' +
          'patient, replaces it and keeps documentId (200, updated). A document about another person (its ' +
          'recordTarget’s name, birthTime or administrativeGenderCode differing from the patient’s name, date of ' +
          'birth and sex; what it leaves out is not compared) is a 409 patient_mismatch naming what differs ' +
          `(“${ANOTHER_PERSON_MESSAGE} It differs in name, birthTime.”); nothing is stored. 404 not_found for an ` +
          'MRN that is not a patient of your facility.',
        params: IntegrationDocumentParams,
        querystring: IntegrationDocumentQuerySchema,
        body: IntegrationDocumentBodySchema,
        consumes: [...INTEGRATION_DOCUMENT_CONTENT_TYPES],
        response: {
          200: IntegrationDocumentPutSchema,
          201: IntegrationDocumentPutSchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      }),
    },
    async (request, reply) => {
      const { mrn, externalId } = request.params;
      const externalSystem = request.query.externalSystem;
      const stored = await db.transaction(async (tx) => {
        const patientId = await integrationPatientOf(tx, request, mrn);
        return storeDocumentFromSystem(tx, { patientId, externalSystem, externalId, xml: request.body });
      });
      return reply
        .status(stored.outcome === 'created' ? 201 : 200)
        .send({ ...answer(stored.document, externalSystem), outcome: stored.outcome });
    },
  );

  app.get(
    PATH,
    integrationRoute('clinical', {
      tags: TAGS,
      summary: 'Read what the portal holds of a C-CDA document',
      description:
        'The metadata the portal read from the document’s header, its system, and the SHA-256 of the XML as ' +
        'stored (compare it to know whether a PUT would change anything). 404 not_found when the patient has no ' +
        'document with this externalId (or not from externalSystem, when given), or the MRN is not a patient of ' +
        'your facility.',
      params: IntegrationDocumentParams,
      querystring: IntegrationDocumentLookupQuerySchema,
      response: { 200: IntegrationDocumentSchema },
    }),
    async (request) => {
      const { mrn, externalId } = request.params;
      const patientId = await integrationPatientOf(db, request, mrn);
      const found = await integrationDocumentOf(db, patientId, externalId, request.query.externalSystem);
      return answer(found.document, found.systemExternalId ?? '');
    },
  );

  app.delete(
    PATH,
    integrationRoute('clinical', {
      tags: TAGS,
      summary: 'Withdraw a C-CDA document',
      description:
        'The document is removed: from now on it is in no summary, range, visit list, download or send. Audit ' +
        'rows of its views and sends keep its documentId. 204. 404 not_found when the patient has no document ' +
        'with this externalId (or not from externalSystem, when given; a document already withdrawn included), ' +
        'or the MRN is not a patient of your facility. PUT it again to bring it back (under a new documentId).',
      params: IntegrationDocumentParams,
      querystring: IntegrationDocumentLookupQuerySchema,
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      const { mrn, externalId } = request.params;
      await db.transaction(async (tx) => {
        const patientId = await integrationPatientOf(tx, request, mrn);
        await integrationDocumentOf(tx, patientId, externalId, request.query.externalSystem);
        await withdrawHealthSummaryDocument(tx, patientId, externalId);
      });
      return reply.status(204).send(null);
    },
  );
}
