import { z } from 'zod';
import {
  HEALTH_SUMMARY_LIMITS,
  HEALTH_SUMMARY_TRANSMIT_TYPES,
  HEALTH_SUMMARY_DOWNLOAD_FORMATS,
} from '../constants/health-summary';
import { IdParam } from './common';

// The health information summary (spec 002, 2.7 and 7) under /api/patients/{patientId}: C-CDA documents the
// patient's external systems sent, listed by system and date range or by visit, viewed as cleaned HTML,
// downloaded (XML, PDF, a zip for several) and sent by email or Direct. The browser imports only the types.

const day = z.iso.date();

export const HealthSummaryParams = z.object({ patientId: IdParam, ifSystemId: IdParam });

type SelectionFields = { ccdaId?: number | null; startDate?: string | null; endDate?: string | null };

/** ccdaId, or both startDate and endDate, never both kinds: else an issue naming the field at fault. */
function requireOneSelection(query: SelectionFields, ctx: z.RefinementCtx) {
  const given = (value: unknown) => value !== undefined && value !== null;
  const hasRange = given(query.startDate) || given(query.endDate);
  if (given(query.ccdaId) && hasRange) {
    ctx.addIssue({
      code: 'custom',
      path: ['ccdaId'],
      message: 'Give either ccdaId or startDate and endDate, not both',
    });
  } else if (!given(query.ccdaId) && (!given(query.startDate) || !given(query.endDate))) {
    ctx.addIssue({
      code: 'custom',
      path: [given(query.startDate) ? 'endDate' : 'startDate'],
      message: 'Give ccdaId, or both startDate and endDate',
    });
  }
}

const language = z
  .string()
  .max(20)
  .optional()
  .describe('The language of the labels and dates around the document (else the saved or browser language)');

/** Which summary: one document (ccdaId), or every document of the system written in a date range. */
export const HealthSummaryIdentifierQuerySchema = z
  .object({
    ccdaId: IdParam.optional().describe('One document'),
    startDate: day.optional().describe('YYYY-MM-DD: the first day of the range (with endDate)'),
    endDate: day.optional().describe('YYYY-MM-DD: the last day of the range (with startDate)'),
    language,
  })
  .strict()
  .superRefine(requireOneSelection);
export type HealthSummaryIdentifierQuery = z.infer<typeof HealthSummaryIdentifierQuerySchema>;

/**
 * What the list of a system's summaries is asked for: a range (spec 002), or one document (ccdaId), whose entry
 * the page reads beside its view for the document's versions and file.
 */
export const HealthSummaryListQuerySchema = z
  .object({
    ccdaId: IdParam.optional().describe('One document: its entry, with its other versions'),
    startDate: day.optional().describe('YYYY-MM-DD: the first day of the range (with endDate)'),
    endDate: day.optional().describe('YYYY-MM-DD: the last day (a start after the end is swapped)'),
  })
  .strict()
  .superRefine(requireOneSelection);

export const HealthSummaryDownloadQuerySchema = z
  .object({
    ccdaId: IdParam.optional(),
    startDate: day.optional(),
    endDate: day.optional(),
    format: z
      .enum(HEALTH_SUMMARY_DOWNLOAD_FORMATS)
      .default('xml')
      .describe('xml: the C-CDA as sent; pdf: the human-readable copy. Several documents come as one zip of both.'),
    language,
    token: z.string().max(2000).optional().describe('A URL token (POST /api/urlTokens) for a download frame'),
  })
  .strict()
  .superRefine(requireOneSelection);

/** A summary as the page holds it: which system, which document or range, and whether it may go by Direct. */
export const HealthSummaryIdentifierSchema = z.object({
  ifSystemId: z.number().int(),
  ccdaId: z.number().int().nullable().describe('The document; null for a range'),
  startDate: z.string().nullable().describe('YYYY-MM-DD, for a range'),
  endDate: z.string().nullable().describe('YYYY-MM-DD, for a range'),
  sendSecurelyDisabled: z.boolean().describe('Send Securely is refused for it (noCcdaConfigured)'),
});
export type HealthSummaryIdentifier = z.infer<typeof HealthSummaryIdentifierSchema>;

/** Another version of a document: the same setId and document type, another versionNumber. */
export const HealthSummaryVersionSchema = z.object({
  ccdaId: z.number().int(),
  versionNumber: z.number().int().nullable(),
  displayDate: z.string().describe('YYYY-MM-DD: the day that version was written'),
});
export type HealthSummaryVersion = z.infer<typeof HealthSummaryVersionSchema>;

/** One document of a list: its identifier plus what the date table shows. */
export const HealthSummaryEntrySchema = HealthSummaryIdentifierSchema.extend({
  ccdaId: z.number().int(),
  displayDate: z.string().describe('YYYY-MM-DD: the day the document was written'),
  title: z.string(),
  documentType: z.string().nullable().describe("The document type's name ('Continuity of Care Document')"),
  authorName: z.string().nullable(),
  organizationName: z.string().nullable(),
  versionNumber: z.number().int().nullable().describe("The document's versionNumber, when it has one"),
  versions: z
    .array(HealthSummaryVersionSchema)
    .describe(
      'The other versions of this document the system sent (same setId and type), newest first. A list or range ' +
        'shows only the newest version of each document it finds; the others are reached from here.',
    ),
  attachmentType: z
    .string()
    .nullable()
    .describe(
      'An unstructured document (nonXMLBody): the media type of the file it holds. application/pdf: the file is ' +
        'a PDF, which the download (format=pdf) serves as it is.',
    ),
});
export type HealthSummaryEntry = z.infer<typeof HealthSummaryEntrySchema>;
export const HealthSummaryEntriesSchema = z.array(HealthSummaryEntrySchema);

/** A visit a summary was written about (componentOf/encompassingEncounter), newest first. */
export const OfficeVisitSchema = z.object({
  ifSystemId: z.number().int(),
  ccdaId: z.number().int(),
  encounterDate: z.string().describe('YYYY-MM-DD'),
  encounterTime: z.string().nullable().describe('HH:MM as the system wrote it, when given'),
  visitType: z.string().nullable(),
  provider: z.string().nullable(),
  location: z.string().nullable(),
  systemName: z.string(),
  sendSecurelyDisabled: z.boolean(),
});
export type OfficeVisit = z.infer<typeof OfficeVisitSchema>;
export const OfficeVisitsSchema = z.array(OfficeVisitSchema);

/**
 * The send payload (spec 002, 3). transmitType in the path decides which addresses are needed: email needs
 * recipientAddress (the shared email pattern) and sends from the account's confirmed address, never a typed one
 * (issue 31, finding 8); sendSecurely a Direct address as recipient. The server answers a missing or malformed
 * address with a 400 naming the field.
 */
export const HealthSummaryTransmitBodySchema = z
  .object({
    patientId: IdParam.optional().describe('The path names the patient; when given here it must be the same'),
    ifSystemId: IdParam.optional().describe('The path names the system; when given here it must be the same'),
    senderAddress: z
      .string()
      .trim()
      .max(254)
      .optional()
      .describe(
        'email only, optional: the mail’s sender is always the account’s confirmed address (or none); when given ' +
          'it must be that address',
      ),
    recipientAddress: z.string().trim().min(1, 'recipientAddress is required').max(254),
    messageText: z
      .string()
      .max(
        HEALTH_SUMMARY_LIMITS.messageMaxLength,
        `messageText must be at most ${HEALTH_SUMMARY_LIMITS.messageMaxLength} characters`,
      )
      .optional()
      .default(''),
    transmitType: z.enum(HEALTH_SUMMARY_TRANSMIT_TYPES).optional(),
    formName: z.string().max(100).optional(),
    identifier: z
      .object({
        ccdaId: IdParam.nullable().optional(),
        startDate: day.nullable().optional(),
        endDate: day.nullable().optional(),
      })
      .describe('ccdaId, or startDate and endDate'),
  })
  .strict();
export type HealthSummaryTransmitBody = z.input<typeof HealthSummaryTransmitBodySchema>;

export const HealthSummaryTransmitParams = HealthSummaryParams.extend({
  transmitType: z.enum(HEALTH_SUMMARY_TRANSMIT_TYPES),
});
export const HealthSummaryTransmitQuerySchema = z
  .object({ language: z.string().max(20).optional().describe('The language of the message around the summary') })
  .strict();

export const HealthSummaryTransmitResultSchema = z.object({
  transmitType: z.enum(HEALTH_SUMMARY_TRANSMIT_TYPES),
  documentCount: z.number().int().describe('How many documents went'),
});
export type HealthSummaryTransmitResult = z.infer<typeof HealthSummaryTransmitResultSchema>;

/** The print of a summary, recorded by the server before the browser prints it. */
export const HealthSummaryPrintBodySchema = z
  .object({
    ccdaId: IdParam.nullable().optional(),
    startDate: day.nullable().optional(),
    endDate: day.nullable().optional(),
  })
  .strict()
  .superRefine(requireOneSelection);
