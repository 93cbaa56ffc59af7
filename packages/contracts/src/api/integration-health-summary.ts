import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { INTEGRATION_EXTERNAL_ID_PATTERN } from './integration-clinical';

// Health summaries through the integration API (scope 'clinical'): a C-CDA R2.1 document (XML) an external
// system of the patient wrote, put under the facility's own identifier of the document. The portal reads the
// title, dates, author and encounter from the header; the body is shown as its narrative. Server-only: the
// browser never calls it.

const externalId = (what: string) =>
  z
    .string()
    .regex(
      INTEGRATION_EXTERNAL_ID_PATTERN,
      `${what} must be 1 to 200 letters, digits or . _ ~ : @ ^ | + = - characters`,
    );

export const IntegrationDocumentParams = z.object({
  mrn: z.string().trim().min(1).max(LIMITS.mrnMax).describe("The patient's medical record number at the facility"),
  externalId: externalId('externalId').describe('Your identifier of the document (unique per patient)'),
});

export const IntegrationDocumentQuerySchema = z
  .object({
    externalSystem: externalId('externalSystem').describe(
      "Your identifier of the patient's external system that wrote it (externalSystems[].externalId of the patient)",
    ),
  })
  .strict();

/** GET and DELETE: the system is optional (a document is unique per patient); when given, it must be the document's. */
export const IntegrationDocumentLookupQuerySchema = z
  .object({
    externalSystem: externalId('externalSystem')
      .optional()
      .describe("When given, the document must be this system's (404 otherwise)"),
  })
  .strict();

/** The body of a PUT: the document's XML (UTF-8) as the system wrote it. */
export const IntegrationDocumentBodySchema = z
  .string()
  .describe('The C-CDA R2.1 document (a ClinicalDocument), UTF-8 XML, sent as it is (not in JSON)');

/** The content types a document is accepted in. */
export const INTEGRATION_DOCUMENT_CONTENT_TYPES = ['application/xml', 'text/xml', 'application/hl7-cda+xml'] as const;

export const IntegrationDocumentSchema = z.object({
  documentId: z.number().int().describe("The portal's id of the document (ccdaId in the patient's API)"),
  externalId: z.string(),
  externalSystem: z.string().describe('Your identifier of the system'),
  title: z.string(),
  documentType: z.string().nullable().describe("The document type's LOINC code ('34133-9')"),
  documentDate: z.string().describe('YYYY-MM-DD: effectiveTime as written'),
  encounterDate: z.string().nullable().describe('YYYY-MM-DD of the visit (componentOf/encompassingEncounter)'),
  contentSha256: z.string().describe('SHA-256 of the XML as stored (hex)'),
  sizeBytes: z.number().int(),
  receivedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type IntegrationDocument = z.infer<typeof IntegrationDocumentSchema>;

/** What a PUT did: created (201), or updated or unchanged (same SHA-256 from the same system; 200). */
export const INTEGRATION_DOCUMENT_OUTCOMES = ['created', 'updated', 'unchanged'] as const;

export const IntegrationDocumentPutSchema = IntegrationDocumentSchema.extend({
  outcome: z.enum(INTEGRATION_DOCUMENT_OUTCOMES),
});
export type IntegrationDocumentPut = z.infer<typeof IntegrationDocumentPutSchema>;
