import type { QuestionnaireInterpretation, QuestionnaireItemType } from '@portal/contracts';
import type { LocalText } from '../../platform/content/local-text';

// The portal's reading of a FHIR R4 Questionnaire, made once when the template is imported
// (fhir-questionnaire.ts) and stored in questionnaire_templates.definition. Everything the patient reads is here
// with its translations, so serving a questionnaire never re-reads the FHIR resource.

export { localText, type LocalText } from '../../platform/content/local-text';

export interface DefinitionOption {
  /** 1, 2, ... in the order of the item's options (the API's listAnswerId). */
  listAnswerId: number;
  /** The FHIR answer: a Coding (system, code) or a plain string (code null, the text is the value). */
  system: string | null;
  code: string | null;
  text: LocalText;
  /** The option's score (FHIR ordinalValue), null when it has none. */
  ordinal: number | null;
  /** Choosing it asks for the patient's own text. */
  isOtherOption: boolean;
}

export interface DefinitionItem {
  /** 1, 2, ... in document order, stable for this version of the template (the API's questionnaireItemId). */
  questionnaireItemId: number;
  /** The FHIR item's linkId, for the QuestionnaireResponse. */
  linkId: string;
  type: QuestionnaireItemType;
  /** The FHIR item type it came from (choice, integer, string, ...), for the QuestionnaireResponse's value type. */
  fhirType: string;
  text: LocalText;
  /** FHIR prefix ("1.", "a)"): the API's questionNumber. */
  prefix: string | null;
  isRequired: boolean;
  /** Matrix rows of one table share it (the linkId of the FHIR group that holds them). */
  matrixGuid: string | null;
  options: DefinitionOption[];
  lowerBound: number | null;
  upperBound: number | null;
  lowerBoundLabel: LocalText | null;
  upperBoundLabel: LocalText | null;
  isMultiLine: boolean;
}

/** A score range and the message a patient whose score falls in it reads on completion. */
export interface DefinitionScoreRange {
  min: number;
  max: number;
  message: LocalText;
}

/** An SDC `variable` (a FHIRPath expression named for the expressions after it). */
export interface DefinitionVariable {
  name: string;
  expression: string;
}

/**
 * A calculated item (SDC calculatedExpression), a published instrument's total: not shown, evaluated at submit;
 * its value is the score's and goes back as the item's answer in the QuestionnaireResponse.
 */
export interface DefinitionCalculation {
  linkId: string;
  /** decimal, integer, ...: the answer's value type in the QuestionnaireResponse. */
  fhirType: string;
  text: string | null;
  /** The FHIR groups that hold it, outermost first. */
  groupLinkIds: string[];
  /** How many of the definition's items come before it: where its answer goes in the QuestionnaireResponse. */
  position: number;
  /** Its text/fhirpath expression; null when written in another language (then the score sums the ordinals). */
  expression: string | null;
  /** The `variable` extensions in its scope, in order: the Questionnaire's, its groups', its own. */
  variables: DefinitionVariable[];
}

/**
 * A score: the sum of the item scores of `linkIds` (an option's ordinal; the value of a Number or Slider item;
 * a checkbox item adds the ordinals of every checked option). linkIds null: every item with scored options.
 */
export interface DefinitionScale {
  code: string;
  name: LocalText;
  linkIds: string[] | null;
  ranges: DefinitionScoreRange[];
  /** The score is the value of this calculated item (absent: a sum; a definition stored before issue 32 too). */
  calculation?: DefinitionCalculation;
}

export interface QuestionnaireDefinition {
  /** Questionnaire.url and .version, for the QuestionnaireResponse's questionnaire reference. */
  url: string | null;
  version: string | null;
  title: LocalText;
  description: LocalText | null;
  patientInstructions: LocalText | null;
  /** The completion message; null: the portal's default (pack key questionnaires.defaultCompletionMessage). */
  completionMessage: LocalText | null;
  items: DefinitionItem[];
  scales: DefinitionScale[];
}

/** What questionnaire_assignments.scores holds: the numbers, so messages are read in the reader's language. */
export interface StoredScore {
  code: string;
  score: number;
}

/**
 * A facility's interpretation of a template (questionnaire_interpretations, migration 0038): its bands and safety
 * messages as set through the integration API, texts in en, es, fr, pt and zh.
 */
export type StoredInterpretation = QuestionnaireInterpretation;
