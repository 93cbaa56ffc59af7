import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { ABNORMAL_FLAGS } from '../constants/lab-results';
import { MEDICAL_NOTE_PAGE_CONTENT_TYPES, MEDICAL_NOTE_STATUSES } from '../constants/medical-notes';

// The integration API's clinical resources (scope 'clinical'): lab results and medical notes a facility's system
// puts under its own identifiers (PUT creates or replaces, DELETE withdraws). Field names are the intake's
// (apps/server/src/modules/<module>/<module>.intake.ts). Every string and array has a maximum; unknown fields are
// refused, so a misspelt field is a 400 rather than silently dropped. Server-only: the browser never calls it.

/** The facility's own identifier of a record, as it appears in the path. */
export const INTEGRATION_EXTERNAL_ID_PATTERN = /^[A-Za-z0-9._~:@^|+=-]{1,200}$/;

/** The largest page of a medical note, decoded (5 MiB). */
export const INTEGRATION_NOTE_PAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The most pages one note may have. */
export const INTEGRATION_NOTE_PAGES_MAX = 100;
/**
 * The body limit of PUT .../medical-notes/{externalId} (20 MiB; every other route keeps the server's 1 MiB):
 * pages travel base64-encoded in the JSON, a third larger than their bytes, so a note may carry about 15 MiB of
 * pages in one request.
 */
export const INTEGRATION_NOTE_BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/** An optional text the facility may leave out or send as null (both store null). */
const optionalText = (max: number) => z.string().max(max).nullable().optional();
const required = (max: number) => z.string().trim().min(1).max(max);

export const ClinicalRecordParams = z.object({
  mrn: required(LIMITS.mrnMax).describe("The patient's medical record number at the client's facility"),
  externalId: z
    .string()
    .regex(
      INTEGRATION_EXTERNAL_ID_PATTERN,
      'externalId must be 1 to 200 letters, digits or . _ ~ : @ ^ | + = - characters',
    )
    .describe(
      "The facility's own identifier of the record (an accession or document number): unique per patient, the key " +
        'of every later PUT and DELETE. 1 to 200 letters, digits or . _ ~ : @ ^ | + = - (percent-encode ^ and |).',
    ),
});
export type ClinicalRecordParamsInput = z.infer<typeof ClinicalRecordParams>;

/* ------------------------------------------------------------- lab results */

export const IntegrationLabResultDetailSchema = z
  .object({
    testDisplayName: required(200).describe('The test as the patient reads it (Hemoglobin, PSA)'),
    testValue: optionalText(20_000).describe(
      'The value as the laboratory reports it; a group with one test whose value is longer than 20 characters is ' +
        'shown as a free-text report (a pathology report), up to 20,000 characters.',
    ),
    unitOfMeasure: optionalText(50),
    referencesRange: optionalText(100).describe('The reference range as the laboratory wrote it'),
    abnormalFlag: z
      .enum(ABNORMAL_FLAGS)
      .nullable()
      .optional()
      .describe('HL7 v2 abnormal flag: H, L, HH, LL, A (abnormal) or N (normal); absent or null: none given'),
    testDetailStatus: optionalText(50).describe('The laboratory status of this test (Final, Preliminary...)'),
    comment: optionalText(4000),
  })
  .strict();

export const IntegrationLabResultGroupSchema = z
  .object({
    groupDisplayName: required(200).describe('A panel (CBC with Differential) or a report (Surgical Pathology)'),
    details: z.array(IntegrationLabResultDetailSchema).min(1).max(500).describe('The tests, in the order shown'),
  })
  .strict();

export const IntegrationLabResultSchema = z
  .object({
    isPublished: z
      .boolean()
      .describe('Released to the patient: only published results are shown. Send false to hold one back.'),
    collectedAt: z.iso
      .datetime({ offset: true })
      .describe('ISO 8601 instant the specimen was collected, with Z or an offset'),
    externalStatus: optionalText(50).describe("The laboratory's status of the whole result (Final, Corrected...)"),
    requestingPhysician: optionalText(200),
    address1: optionalText(LIMITS.addressLineMax).describe("The patient's address as the laboratory had it"),
    address2: optionalText(LIMITS.addressLineMax),
    city: optionalText(LIMITS.placeMax),
    state: optionalText(LIMITS.placeMax),
    zipCode: optionalText(LIMITS.zipCode),
    country: optionalText(LIMITS.placeMax),
    labName: optionalText(200),
    labAddress: optionalText(500),
    comment: optionalText(4000).describe("The laboratory's remark on the whole result"),
    noteToPatient: optionalText(4000).describe("The care team's note to the patient, shown above the tests"),
    groups: z.array(IntegrationLabResultGroupSchema).min(1).max(50).describe('The groups, in the order shown'),
  })
  .strict();
export type IntegrationLabResult = z.infer<typeof IntegrationLabResultSchema>;

/* ------------------------------------------------------------ medical notes */

export const IntegrationMedicalNotePageSchema = z
  .object({
    contentType: z
      .enum(MEDICAL_NOTE_PAGE_CONTENT_TYPES)
      .describe('application/pdf, image/png or image/jpeg; the bytes must be of that type (checked: 400 otherwise)'),
    content: z
      .base64()
      .min(1)
      .max(Math.ceil(INTEGRATION_NOTE_PAGE_MAX_BYTES / 3) * 4)
      .describe('The page, base64-encoded (standard alphabet, padded); at most 5 MiB decoded'),
  })
  .strict();

export const IntegrationMedicalNoteSchema = z
  .object({
    serviceDate: z.iso.date().describe('YYYY-MM-DD: the day of the service the note documents'),
    documentType: required(200).describe('Progress Note, Discharge Summary, Consultation...'),
    authoredBy: required(200),
    status: z.enum(MEDICAL_NOTE_STATUSES),
    noteToPatient: optionalText(4000).describe("The care team's remarks, shown above the document"),
    isPublished: z.boolean().describe('Released to the patient: only published notes are shown'),
    pages: z
      .array(IntegrationMedicalNotePageSchema)
      .min(1)
      .max(INTEGRATION_NOTE_PAGES_MAX)
      .describe('The pages in order (page 1 first), each a document of its own: a PDF or a scanned image'),
  })
  .strict();
export type IntegrationMedicalNote = z.infer<typeof IntegrationMedicalNoteSchema>;

/* ---------------------------------------------------------------- answers */

export const IntegrationRecordPutSchema = z.object({
  id: z.number().int().describe("The portal's id of the record (labResultId or noteId in events); it stays on replace"),
  externalId: z.string(),
  created: z.boolean().describe('True when this PUT created the record (201), false when it replaced one (200)'),
  changed: z
    .boolean()
    .describe(
      'False when the record already held exactly this content (a resend): nothing changed. A withdrawn record ' +
        'put again is back (changed).',
    ),
});
export type IntegrationRecordPut = z.infer<typeof IntegrationRecordPutSchema>;
