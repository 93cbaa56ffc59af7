import { z } from 'zod';
import { IdParam } from './common';
import { QUESTIONNAIRE_TEXT_MAX } from '../rules/questionnaire';

// Questionnaires (spec 001, sections 2 to 9): the questionnaires a facility assigns to a patient, completed in
// the portal, on a clinic's kiosk or through an emailed link. Templates come from the facility's systems as
// FHIR R4 Questionnaires (see api/integration-questionnaires.ts); the portal answers in its own shape, in the
// caller's language. The browser imports only types and the rules (rules/questionnaire.ts) from here.

export const QUESTIONNAIRE_ITEM_TYPES = [
  'Date',
  'Dropdown',
  'Radio',
  'Checkbox',
  'Matrix',
  'Number',
  'Slider',
  'Text',
  'SectionHeader',
] as const;
export type QuestionnaireItemType = (typeof QUESTIONNAIRE_ITEM_TYPES)[number];

/** History labels (spec 001 section 4); a current questionnaire is Assigned (not opened yet) or Started. */
export const QUESTIONNAIRE_STATUSES = ['Assigned', 'Started', 'Completed', 'Declined', 'Missed'] as const;
export type QuestionnaireStatus = (typeof QUESTIONNAIRE_STATUSES)[number];

export const ListAnswerSchema = z.object({
  listAnswerId: z.number().int().describe('Stable within the questionnaire: 1, 2, ... in the order of the options'),
  formattedText: z.string().describe('The option as the patient reads it, in the caller’s language (plain text)'),
  isOtherOption: z.boolean().describe('Choosing it asks for the patient’s own text (otherOptionText)'),
  isOtherTextValid: z.boolean().describe('Set by the browser’s validation; the server answers true'),
});
export type ListAnswer = z.infer<typeof ListAnswerSchema>;

export const QuestionnaireItemSchema = z.object({
  questionnaireItemId: z
    .number()
    .int()
    .describe('Stable within the template version: 1, 2, ... in document order (the FHIR linkId is kept beside)'),
  questionnaireItemType: z.enum(QUESTIONNAIRE_ITEM_TYPES),
  sortOrder: z.number().int(),
  formattedText: z.string().describe('The question (or the section header) in the caller’s language, plain text'),
  questionMatrixGuid: z
    .string()
    .nullable()
    .describe('Matrix rows of one table share it; their listAnswers are the columns'),
  questionNumber: z.string().nullable().describe('The number printed before the question (FHIR prefix), if any'),
  isRequired: z.boolean(),
  isValid: z.boolean().describe('Set by the browser’s validation; the server answers true'),
  listAnswers: z.array(ListAnswerSchema),
  lowerBound: z.number().nullable().describe('Number and Slider: the smallest value allowed'),
  upperBound: z.number().nullable().describe('Number and Slider: the largest value allowed'),
  lowerBoundLabel: z.string().nullable().describe('Slider: the label under its lower end'),
  upperBoundLabel: z.string().nullable().describe('Slider: the label under its upper end'),
  isMultiLine: z.boolean().describe('Text: a multi-line box'),
});
export type QuestionnaireItem = z.infer<typeof QuestionnaireItemSchema>;

const DateAnswer = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'Enter a real calendar date.',
    },
  );

export const QuestionnaireAnswerSchema = z
  .object({
    questionnaireItemId: z.number().int().positive(),
    listAnswerId: z.number().int().positive().nullable().default(null),
    otherOptionText: z.string().max(QUESTIONNAIRE_TEXT_MAX).nullable().default(null),
    isChecked: z.boolean().nullable().default(null).describe('Checkbox: one answer per checked option, true'),
    numberAnswer: z.number().finite().nullable().default(null),
    textAnswer: z.string().max(QUESTIONNAIRE_TEXT_MAX).nullable().default(null),
    dateAnswer: DateAnswer.nullable()
      .default(null)
      .describe('A calendar day (YYYY-MM-DD), the same in every time zone'),
  })
  .strict();
export type QuestionnaireAnswer = z.infer<typeof QuestionnaireAnswerSchema>;

export const PatientScoreSchema = z.object({
  scoreCode: z.string().describe('The scale’s code in the template (total, anxiety, ...)'),
  scoreName: z.string().describe('The scale’s name in the caller’s language'),
  score: z.number(),
  patientMessageOnCompletion: z
    .string()
    .nullable()
    .describe(
      'The message of the range the score falls in, else the label of the facility’s band it falls in, in the ' +
        'caller’s language; null when none matches',
    ),
  interpretation: z
    .string()
    .nullable()
    .describe('The label of the facility’s interpretation band the score falls in, in the caller’s language'),
});
export type PatientScore = z.infer<typeof PatientScoreSchema>;

/** A card of the Current list or an item of the History list. */
export const AssignedQuestionnaireSummarySchema = z.object({
  assignedQuestionnaireId: z.number().int(),
  templateTitle: z.string(),
  templateDescription: z.string().nullable(),
  statusDescription: z.enum(QUESTIONNAIRE_STATUSES),
  dueDate: z.string().describe('YYYY-MM-DD, a calendar day of the facility'),
  completedDate: z.string().nullable().describe('ISO 8601 instant it was completed or declined (Missed: null)'),
  isNew: z.boolean().describe('Never opened by the patient or a representative'),
  hasDraft: z.boolean().describe('The caller’s own answers were saved as they went (on a kiosk, a link or here)'),
  answeredBy: z
    .string()
    .nullable()
    .describe(
      'The representative who completed or declined it for the patient (“Robert Doe”); null when the patient did, or ' +
        'it is not answered',
    ),
});
export type AssignedQuestionnaireSummary = z.infer<typeof AssignedQuestionnaireSummarySchema>;

export const AssignedQuestionnaireSchema = AssignedQuestionnaireSummarySchema.extend({
  patientInstructions: z.string().nullable(),
  defaultMsgOnCompletion: z.string().describe('The template’s completion message, else the portal’s default'),
  questionnaireItems: z.array(QuestionnaireItemSchema).describe('Ordered by sortOrder'),
  patientQuestionAnswerList: z
    .array(QuestionnaireAnswerSchema)
    .describe('The draft (current) or the submitted answers (history)'),
  patientScoreList: z.array(PatientScoreSchema).describe('Empty until completed'),
  safetyMessages: z
    .array(z.string())
    .describe(
      'The facility’s safety messages whose condition the answers meet (a crisis line), in the caller’s language; ' +
        'empty until completed',
    ),
  isValid: z.boolean(),
});
export type AssignedQuestionnaire = z.infer<typeof AssignedQuestionnaireSchema>;

export const AssignedQuestionnaireParams = z.object({ patientId: IdParam, id: IdParam });

/** PUT .../assignedquestionnaires/{id} (submit) and PUT .../{id}/draft (save as the patient goes). */
export const QuestionnaireAnswersBodySchema = z
  .object({
    assignedQuestionnaireId: z.number().int().positive().optional().describe('If given, must match the path'),
    patientQuestionAnswerList: z.array(QuestionnaireAnswerSchema).max(2000),
  })
  .passthrough()
  .describe('The questionnaire as the browser holds it; only the answers are read (other fields are ignored)');
export type QuestionnaireAnswersBody = z.infer<typeof QuestionnaireAnswersBodySchema>;

/** PUT .../assignedquestionnaires/declinequestionnaire */
export const DeclineQuestionnaireBodySchema = z
  .object({ assignedQuestionnaireId: z.number().int().positive() })
  .passthrough()
  .describe('The questionnaire to decline; only its id is read');

export const QuestionnaireCountSchema = z.number().int().min(0);
