import { z } from 'zod';
import {
  TREATMENT_SUMMARY_FIELDS,
  TREATMENT_SUMMARY_GROUPS,
  type TreatmentFieldKind,
  type TreatmentSummaryGroup,
} from '../constants/treatment-summary';
import { INTEGRATION_EXTERNAL_ID_PATTERN } from './integration-clinical';

// The integration API's treatment summary (scope 'clinical') and patient education (scope 'content' for the
// facility's library, 'clinical' for an article assigned to a patient): records a facility's system puts under its
// own identifiers (PUT creates or replaces, DELETE withdraws). Every string and array has a maximum; unknown fields
// are refused, so a misspelt field is a 400 naming it rather than silently dropped. Server-only.

/** The longest text of a treatment summary field (a comment, a test detail). */
export const INTEGRATION_SUMMARY_TEXT_MAX = 4000;
/** The largest article, in characters of HTML as sent (before sanitising). */
export const INTEGRATION_ARTICLE_HTML_MAX = 200_000;

const externalId = (what: string) =>
  z
    .string()
    .regex(
      INTEGRATION_EXTERNAL_ID_PATTERN,
      `${what} must be 1 to 200 letters, digits or . _ ~ : @ ^ | + = - characters`,
    );

/* -------------------------------------------------------- treatment summary */

const summaryField = (kind: TreatmentFieldKind) => {
  switch (kind) {
    case 'date':
      return z.iso.date().nullable().optional().describe('YYYY-MM-DD; shown only when later than 1900-01-01');
    case 'number':
      return z.number().min(-1e9).max(1e9).nullable().optional().describe('Shown only when greater than 0');
    default:
      return z.string().max(INTEGRATION_SUMMARY_TEXT_MAX).nullable().optional();
  }
};

/** A group's fields as the facility sends them: each optional (absent or null: not given), no other key. */
function summaryFieldsOf(group: TreatmentSummaryGroup) {
  const shape: Record<string, z.ZodOptional<z.ZodNullable<z.ZodType>>> = {};
  for (const field of TREATMENT_SUMMARY_FIELDS[group]) {
    shape[field.name] = summaryField(field.kind);
    if (field.display) {
      shape[field.display] = summaryField('text').describe(
        `${field.name} as it should be shown; used instead of ${field.name} when not blank`,
      );
    }
    if (field.fallbackText) {
      shape[field.fallbackText] = summaryField('text').describe(`Shown when ${field.name} is not given`);
    }
  }
  return z.object(shape).strict();
}

function summaryItemOf(group: TreatmentSummaryGroup) {
  return z
    .object({
      groupName: z.literal(group),
      fields: summaryFieldsOf(group)
        .default({})
        .describe(`The ${group} fields (see the portal's treatment summary); absent ones read as null`),
      isNullMessageHolder: z
        .boolean()
        .default(false)
        .describe('true: the item only says there is nothing to report (nullMessage), e.g. "No known allergies"'),
      nullMessage: z
        .string()
        .trim()
        .min(1)
        .max(1000)
        .nullable()
        .optional()
        .describe('Required with isNullMessageHolder'),
      sortOrder: z
        .number()
        .int()
        .min(0)
        .max(1_000_000)
        .default(0)
        .describe("The item's place within its group (then the order items arrived)"),
    })
    .strict();
}
type SummaryItemOption = ReturnType<typeof summaryItemOf>;

export const IntegrationTreatmentSummaryItemSchema = z
  .discriminatedUnion(
    'groupName',
    TREATMENT_SUMMARY_GROUPS.map(summaryItemOf) as unknown as [SummaryItemOption, ...SummaryItemOption[]],
  )
  .superRefine((item, ctx) => {
    if (item.isNullMessageHolder && !item.nullMessage) {
      ctx.addIssue({
        code: 'custom',
        path: ['nullMessage'],
        message: 'nullMessage is required when isNullMessageHolder is true',
      });
    }
  })
  .describe(
    `One item of the treatment summary: its group (${TREATMENT_SUMMARY_GROUPS.join(', ')}) and that group's ` +
      'fields, or only a message that there is nothing to report.',
  );
export type IntegrationTreatmentSummaryItem = z.infer<typeof IntegrationTreatmentSummaryItemSchema>;

/* ---------------------------------------------------------------- education */

export const ContentRecordParams = z.object({
  externalId: externalId('externalId').describe(
    "The facility's own identifier of the article in its library: unique per facility, the key of every later " +
      'PUT and DELETE. 1 to 200 letters, digits or . _ ~ : @ ^ | + = - (percent-encode ^ and |).',
  ),
});

export const IntegrationEducationArticleSchema = z
  .object({
    title: z.string().trim().min(1).max(300).describe('The title the patient sees in the list and on the article'),
    categoryName: z.string().trim().min(1).max(200).describe('The category the list groups it under'),
    categorySortOrder: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(0)
      .describe('The place of the category among those assigned the same day'),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$/, 'language must be a BCP 47 tag such as en or es-MX')
      .max(35)
      .nullable()
      .optional()
      .describe('The language the article is written in (BCP 47: en, es-MX); absent: not given'),
    contentHtml: z
      .string()
      .min(1)
      .max(INTEGRATION_ARTICLE_HTML_MAX)
      .describe(
        'The article as HTML, up to 200,000 characters. Sanitised on the way in: scripts, styles, event ' +
          'handlers, frames, forms and javascript: links are removed; headings, paragraphs, lists, tables, ' +
          'emphasis, links and images stay.',
      ),
  })
  .strict();
export type IntegrationEducationArticle = z.infer<typeof IntegrationEducationArticleSchema>;

export const IntegrationEducationAssignmentSchema = z
  .object({
    articleExternalId: externalId('articleExternalId').describe(
      'The article of your library (PUT /integration/v1/education/articles/{externalId}) assigned to the patient',
    ),
    assignedDate: z.iso.date().describe('YYYY-MM-DD: the day the care team assigned it (the list groups by it)'),
  })
  .strict();
export type IntegrationEducationAssignment = z.infer<typeof IntegrationEducationAssignmentSchema>;
