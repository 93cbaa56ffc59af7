import { bandOf, itemScore, safetyMessagesMet, type PatientScore, type QuestionnaireAnswer } from '@portal/contracts';
import { interpretationText } from '../../platform/content/local-text';
import { calculatedValue, responseForCalculation } from './calculated-total';
import {
  localText,
  type DefinitionItem,
  type QuestionnaireDefinition,
  type StoredInterpretation,
  type StoredScore,
} from './definition';

// Scoring at submit (docs/adr/0009-questionnaires.md): the numbers are computed once and stored with the answers;
// the messages are looked up when read, so each reader gets them in their own language.

// An item's parts the rules read, and its score: contracts' rules/questionnaire-scores.ts, which the export reads too.
export { itemScore, ruleItemOf } from '@portal/contracts';

const hasScoredOptions = (item: DefinitionItem) => item.options.some((o) => o.ordinal !== null);

/**
 * The items a scale adds up: those whose linkId it names (a matrix is named by its table's linkId, which every
 * row carries as matrixGuid), or, when it names none, every item with scored options.
 */
function itemsOfScale(definition: QuestionnaireDefinition, linkIds: string[] | null): DefinitionItem[] {
  if (linkIds === null) return definition.items.filter(hasScoredOptions);
  const named = new Set(linkIds);
  return definition.items.filter(
    (item) => named.has(item.linkId) || (item.matrixGuid !== null && named.has(item.matrixGuid)),
  );
}

/** Whether a score of the definition is a calculatedExpression (scoreAnswers then needs the Questionnaire). */
export function hasCalculatedScore(definition: QuestionnaireDefinition): boolean {
  return definition.scales.some((scale) => scale.calculation?.expression);
}

/**
 * Every scale of the definition, in its order: the value of its calculated item when it has one (its FHIRPath
 * calculatedExpression over these answers and `questionnaire`, the resource as imported; a value it cannot compute
 * falls back to the sum; one that is empty leaves the score out), else the sum of its items' scores.
 */
export function scoreAnswers(
  definition: QuestionnaireDefinition,
  answers: readonly QuestionnaireAnswer[],
  questionnaire?: unknown,
): StoredScore[] {
  let response: Record<string, unknown> | undefined;
  return definition.scales.flatMap((scale) => {
    if (scale.calculation?.expression && questionnaire !== undefined) {
      response ??= responseForCalculation(definition, answers);
      const value = calculatedValue(scale.calculation, response, questionnaire);
      if (value === null) return [];
      if (value !== undefined) return [{ code: scale.code, score: roundScore(value) }];
    }
    // Decimal ordinals add up with binary noise (0.1 + 0.2); a score is shown with at most 6 decimals.
    const sum = itemsOfScale(definition, scale.linkIds).reduce((total, item) => total + itemScore(item, answers), 0);
    return [{ code: scale.code, score: roundScore(sum) }];
  });
}

function roundScore(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * The stored scores as the patient reads them in `language`: the scale's name; the label of the facility's band
 * that holds the score (`interpretation`); and the message of the first range of the template that holds it, else
 * that label, else null (min and max included). A score whose scale the definition no longer names keeps its code
 * as name.
 */
export function scoreMessages(
  definition: QuestionnaireDefinition,
  stored: readonly StoredScore[],
  language: string,
  interpretation: StoredInterpretation | null = null,
): PatientScore[] {
  return stored.map(({ code, score }) => {
    const scale = definition.scales.find((s) => s.code === code);
    const range = scale?.ranges.find((r) => score >= r.min && score <= r.max);
    const band = bandOf(interpretation?.bands ?? [], definition.scales[0]?.code, code, score);
    const label = band ? localText(interpretationText(band.label), language) : null;
    return {
      scoreCode: code,
      scoreName: scale ? localText(scale.name, language) : code,
      score,
      patientMessageOnCompletion: range ? localText(range.message, language) : label,
      interpretation: label,
    };
  });
}

/**
 * The facility's safety messages the answers meet, in their order, in `language`: a rule on a question holds when
 * the question was answered and its score (an option's ordinal, a number) is in min..max; one on a score when the
 * stored score is.
 */
export function safetyMessages(
  definition: QuestionnaireDefinition,
  answers: readonly QuestionnaireAnswer[],
  stored: readonly StoredScore[],
  interpretation: StoredInterpretation | null,
  language: string,
): string[] {
  if (!interpretation) return [];
  return safetyMessagesMet(
    interpretation.safetyMessages,
    definition.items,
    definition.scales[0]?.code,
    answers,
    stored,
  ).map((message) => localText(interpretationText(message), language));
}
