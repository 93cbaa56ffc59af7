import { z } from 'zod';
import { INTEGRATION_EXTERNAL_ID_PATTERN } from './integration-clinical';

// The integration API's questionnaires (docs/adr/0009-questionnaires.md): a facility's templates come in as FHIR R4
// Questionnaire resources (scope 'content'), assignments to patients under the facility's own identifiers (scope
// 'clinical'), and completed answers go back as FHIR R4 QuestionnaireResponse resources (the assignment's GET and
// the event feed). Server-only: the browser never calls it.

/** Where the portal's own FHIR extensions live (the names a facility's Questionnaire uses). */
export const PORTAL_FHIR_STRUCTURE_BASE = 'https://fhir.patient-portal.dev/StructureDefinition';
export const PORTAL_FHIR_EXTENSIONS = {
  /** On the Questionnaire: valueMarkdown or valueString, shown above the questions. */
  patientInstructions: `${PORTAL_FHIR_STRUCTURE_BASE}/patient-instructions`,
  /** On the Questionnaire: valueString, shown after a submit instead of the portal's default message. */
  completionMessage: `${PORTAL_FHIR_STRUCTURE_BASE}/completion-message`,
  /** On the Questionnaire (complex: code, name, item*, range*) and on a QuestionnaireResponse (code, name, value). */
  score: `${PORTAL_FHIR_STRUCTURE_BASE}/score`,
  /** On an answer option (or a contained ValueSet's concept), valueBoolean true: choosing it asks for a text. */
  otherOption: `${PORTAL_FHIR_STRUCTURE_BASE}/other-option`,
} as const;

/** What an imported Questionnaire may hold at most. */
export const FHIR_QUESTIONNAIRE_LIMITS = {
  /** Items of every kind (groups, display items and questions), at every level. */
  items: 500,
  /** Levels of nested items (a top-level item is level 1). */
  depth: 5,
  /** Characters of any one string in the resource. */
  stringLength: 10_000,
  /** Options of one choice item. */
  options: 200,
  /** The body of a template PUT, in bytes. */
  bodyBytes: 4 * 1024 * 1024,
} as const;

const externalId = (what: string) =>
  z
    .string()
    .regex(
      INTEGRATION_EXTERNAL_ID_PATTERN,
      `${what} must be 1 to 200 letters, digits or . _ ~ : @ ^ | + = - characters`,
    );

/* ---------------------------------------------------------------- templates */

export const QuestionnaireTemplateParams = z.object({
  externalId: externalId('externalId').describe(
    "The facility's own identifier of the questionnaire template: unique per facility, the key of every later PUT, " +
      'GET and DELETE and of the assignments that use it. 1 to 200 letters, digits or . _ ~ : @ ^ | + = - ' +
      '(percent-encode ^ and |).',
  ),
});

export const FhirQuestionnaireBodySchema = z
  .record(z.string(), z.unknown())
  .describe(
    'A FHIR R4 Questionnaire resource as published (resourceType "Questionnaire"), sent as application/fhir+json ' +
      'or application/json. Read by the portal once, at this PUT; anything it cannot show to a patient is a 400 ' +
      'invalid_questionnaire whose field is the JSON path of the part at fault (item[2].item[0].type).',
  );

export const QUESTIONNAIRE_TEMPLATE_OUTCOMES = ['created', 'updated', 'unchanged'] as const;
export type QuestionnaireTemplateOutcome = (typeof QUESTIONNAIRE_TEMPLATE_OUTCOMES)[number];

export const IntegrationQuestionnaireTemplatePutSchema = z.object({
  templateId: z.number().int().describe("The portal's id of the template's current version (templateId in events)"),
  externalId: z.string(),
  outcome: z
    .enum(QUESTIONNAIRE_TEMPLATE_OUTCOMES)
    .describe(
      'created (201): a new template. updated: other content, stored as a new version (assignments not yet opened ' +
        'move to it, started or answered ones keep theirs), or a withdrawn template put again. unchanged: the ' +
        'same content again; nothing was written.',
    ),
  items: z.number().int().describe('Items the patient sees: questions and section headers'),
  scores: z.array(z.string()).describe('The codes of the scores computed at submit'),
});
export type IntegrationQuestionnaireTemplatePut = z.infer<typeof IntegrationQuestionnaireTemplatePutSchema>;

export const IntegrationQuestionnaireTemplateSchema = z.object({
  templateId: z.number().int().describe('The id of the current version'),
  externalId: z.string(),
  title: z.string(),
  status: z.enum(['active', 'withdrawn']),
  versions: z.number().int().describe('Versions stored under this externalId (older ones stay for their assignments)'),
  importedAt: z.string().describe('ISO 8601: when the current version was stored'),
  items: z.number().int(),
  scores: z.array(z.string()),
  resource: z
    .record(z.string(), z.unknown())
    .describe('The FHIR Questionnaire of the current version as sent (the order of its keys is not kept)'),
});
export type IntegrationQuestionnaireTemplate = z.infer<typeof IntegrationQuestionnaireTemplateSchema>;

/* ------------------------------------------- interpretation: a facility's setting of a template */

/** What an interpretation holds at most (PUT .../questionnaire-templates/{externalId}/interpretation). */
export const QUESTIONNAIRE_INTERPRETATION_LIMITS = { bands: 50, safetyMessages: 20, textLength: 2000 } as const;

/** The languages an interpretation is written in: every text in all five, so each reader gets their own. */
export const INTERPRETATION_LANGUAGES = ['en', 'es', 'fr', 'pt', 'zh'] as const;

const interpretationText = z.string().trim().min(1).max(QUESTIONNAIRE_INTERPRETATION_LIMITS.textLength);
const inEveryLanguage = (what: string) =>
  z
    .object({
      en: interpretationText,
      es: interpretationText,
      fr: interpretationText,
      pt: interpretationText,
      zh: interpretationText,
    })
    .strict()
    .describe(`${what}, in each of en, es, fr, pt and zh (plain text, up to 2,000 characters each)`);
const scoreCode = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .describe("A score code of the template (its import's scores); absent: the template's first score");

export const QuestionnaireInterpretationBandSchema = z
  .object({
    scoreCode,
    min: z.number().describe('The lowest score of the band (included)'),
    max: z.number().describe('The highest score of the band (included)'),
    label: inEveryLanguage('What a score in the band means, as the patient reads it on completion'),
  })
  .strict();

export const QuestionnaireSafetyConditionSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('item'),
      linkId: z.string().min(1).max(255).describe('The question, by its linkId in the Questionnaire'),
      min: z
        .number()
        .describe("The lowest item score that shows the message: its option's ordinalValue, or the number"),
      max: z.number().optional().describe('The highest (included); absent: no upper bound'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('score'),
      scoreCode,
      min: z.number().describe('The lowest score that shows the message'),
      max: z.number().optional().describe('The highest (included); absent: no upper bound'),
    })
    .strict(),
]);

export const QuestionnaireSafetyMessageSchema = z
  .object({
    when: QuestionnaireSafetyConditionSchema.describe(
      "kind item: an answered question's score is in min..max (the PHQ-9's item 9 above 0: linkId /44260-8, min " +
        '1); kind score: a score is in min..max',
    ),
    message: inEveryLanguage('The message the patient reads on completion when the condition holds (a crisis line)'),
  })
  .strict();

export const QuestionnaireInterpretationSchema = z
  .object({
    bands: z
      .array(QuestionnaireInterpretationBandSchema)
      .max(QUESTIONNAIRE_INTERPRETATION_LIMITS.bands)
      .describe('Score ranges with their label; the bands of one score do not overlap'),
    safetyMessages: z
      .array(QuestionnaireSafetyMessageSchema)
      .max(QUESTIONNAIRE_INTERPRETATION_LIMITS.safetyMessages)
      .describe('Messages shown after every score message, each when its condition holds, in this order'),
  })
  .strict();
export type QuestionnaireInterpretation = z.infer<typeof QuestionnaireInterpretationSchema>;

export const IntegrationQuestionnaireInterpretationSchema = QuestionnaireInterpretationSchema.extend({
  externalId: z.string(),
  updatedAt: z.string().nullable().describe('ISO 8601: when it was last set; null: never set'),
});
export type IntegrationQuestionnaireInterpretation = z.infer<typeof IntegrationQuestionnaireInterpretationSchema>;

/* ----------------------------------------------------------- QuestionnaireResponse */

const CodingSchema = z.object({
  system: z.string().optional(),
  code: z.string().optional(),
  display: z.string().optional(),
});

const IdentifierSchema = z.object({
  type: z.object({ coding: z.array(CodingSchema) }).optional(),
  system: z.string().optional(),
  value: z.string(),
  assigner: z.object({ display: z.string() }).optional(),
});

const ReferenceSchema = z.object({
  type: z.string().describe('Patient, RelatedPerson or Device'),
  identifier: IdentifierSchema.optional(),
  display: z.string().optional(),
});

export const FhirResponseAnswerSchema = z.object({
  valueCoding: CodingSchema.optional(),
  valueString: z.string().optional(),
  valueInteger: z.number().int().optional(),
  valueDecimal: z.number().optional(),
  valueDate: z.string().optional(),
  valueDateTime: z.string().optional(),
});
export type FhirResponseAnswer = z.infer<typeof FhirResponseAnswerSchema>;

export interface FhirResponseItem {
  linkId: string;
  text?: string;
  answer?: FhirResponseAnswer[];
  item?: FhirResponseItem[];
}

/** An item of a response, nested as deep as a Questionnaire may be (no recursive schema: OpenAPI lists each level). */
function responseItemSchema(levels: number): z.ZodType<FhirResponseItem> {
  const base = {
    linkId: z.string(),
    text: z.string().optional(),
    answer: z.array(FhirResponseAnswerSchema).optional(),
  };
  return levels > 1 ? z.object({ ...base, item: z.array(responseItemSchema(levels - 1)).optional() }) : z.object(base);
}

const ExtensionPartSchema = z.object({
  url: z.string(),
  valueCode: z.string().optional(),
  valueString: z.string().optional(),
  valueDecimal: z.number().optional(),
});

export const FhirQuestionnaireResponseSchema = z
  .object({
    resourceType: z.literal('QuestionnaireResponse'),
    id: z.string().describe("The portal's id of the assignment"),
    identifier: IdentifierSchema.optional().describe('Your externalId of the assignment, when it has one'),
    questionnaire: z
      .string()
      .describe("The Questionnaire's url|version as imported, else Questionnaire/{your template externalId}"),
    status: z.literal('completed'),
    subject: ReferenceSchema.describe('The patient, by MRN (identifier type MR, assigned by your facility)'),
    authored: z.string().describe('ISO 8601: when it was submitted'),
    author: ReferenceSchema.describe('Who entered it: the Patient, a RelatedPerson (a representative) or the kiosk'),
    source: ReferenceSchema.describe('Who answered: the Patient or a RelatedPerson'),
    extension: z
      .array(z.object({ url: z.string(), extension: z.array(ExtensionPartSchema) }))
      .describe(`The scores, one ${PORTAL_FHIR_EXTENSIONS.score} extension each: code, name and value (valueDecimal)`),
    item: z
      .array(responseItemSchema(FHIR_QUESTIONNAIRE_LIMITS.depth))
      .describe(
        "The answers by the Questionnaire's linkIds, nested as its groups are (a table's rows under the table's " +
          'group): options as their Coding (or valueString), numbers as valueInteger or valueDecimal, dates as ' +
          "valueDate, texts as valueString; an 'other' option's text is a valueString beside its Coding",
      ),
  })
  .describe('A FHIR R4 QuestionnaireResponse');
export type FhirQuestionnaireResponse = z.infer<typeof FhirQuestionnaireResponseSchema>;

/* -------------------------------------------------------------- assignments */

export const IntegrationQuestionnaireAssignmentSchema = z
  .object({
    templateExternalId: externalId('templateExternalId').describe(
      'The template (PUT /integration/v1/questionnaire-templates/{externalId}) the patient is to complete',
    ),
    dueDate: z.iso.date().describe('YYYY-MM-DD, a calendar day of your facility'),
    availableFrom: z.iso
      .date()
      .optional()
      .describe('YYYY-MM-DD: the first day the patient may start it; absent: the day it is first assigned'),
  })
  .strict()
  .refine((v) => v.availableFrom === undefined || v.availableFrom <= v.dueDate, {
    message: 'availableFrom must not be after dueDate',
    path: ['availableFrom'],
  });
export type IntegrationQuestionnaireAssignment = z.infer<typeof IntegrationQuestionnaireAssignmentSchema>;

export const INTEGRATION_ASSIGNMENT_STATUSES = ['assigned', 'started', 'completed', 'declined', 'missed'] as const;

export const IntegrationQuestionnaireAssignmentStateSchema = z.object({
  id: z.number().int().describe("The portal's id of the assignment (assignedQuestionnaireId in events)"),
  externalId: z.string(),
  templateExternalId: z.string(),
  templateId: z.number().int().describe('The template version it uses'),
  status: z
    .enum(INTEGRATION_ASSIGNMENT_STATUSES)
    .describe(
      'assigned: not opened yet; started: opened or answers saved as the patient goes; completed; declined; ' +
        'missed: neither completed nor declined 30 days after its due date',
    ),
  dueDate: z.string(),
  availableFrom: z.string(),
  completedAt: z.string().nullable().describe('ISO 8601: when it was submitted or declined'),
  withdrawn: z.boolean().describe('Withdrawn by DELETE (or with its template): the patient no longer sees it'),
  questionnaireResponse: FhirQuestionnaireResponseSchema.nullable().describe('The answers once completed, else null'),
});
export type IntegrationQuestionnaireAssignmentState = z.infer<typeof IntegrationQuestionnaireAssignmentStateSchema>;
