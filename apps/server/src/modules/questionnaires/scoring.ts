import { answersOf, type PatientScore, type RuleAnswer, type RuleItem } from '@portal/contracts';
import { localText, type DefinitionItem, type QuestionnaireDefinition, type StoredScore } from './definition';

// Scoring at submit (docs/adr/0009-questionnaires.md): the numbers are computed once and stored with the answers;
// the messages are looked up when read, so each reader gets them in their own language.

/** The parts of an item the questionnaire rules (contracts' rules/questionnaire.ts) read. */
export function ruleItemOf(item: DefinitionItem): RuleItem {
  return {
    questionnaireItemId: item.questionnaireItemId,
    questionnaireItemType: item.type,
    isRequired: item.isRequired,
    lowerBound: item.lowerBound,
    upperBound: item.upperBound,
    listAnswers: item.options.map((o) => ({ listAnswerId: o.listAnswerId, isOtherOption: o.isOtherOption })),
  };
}

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

/**
 * One item's score: the ordinal of the chosen option (a checkbox adds those of every checked option; an option
 * without an ordinal counts 0), or the value of a Number or Slider. Unanswered items score 0.
 */
export function itemScore(item: DefinitionItem, answers: readonly RuleAnswer[]): number {
  let total = 0;
  for (const answer of answersOf(ruleItemOf(item), answers)) {
    if (item.type === 'Number' || item.type === 'Slider') {
      total += answer.numberAnswer ?? 0;
    } else {
      total += item.options.find((o) => o.listAnswerId === answer.listAnswerId)?.ordinal ?? 0;
    }
  }
  return total;
}

/** Every scale of the definition, in its order, with the sum of its items' scores. */
export function scoreAnswers(definition: QuestionnaireDefinition, answers: readonly RuleAnswer[]): StoredScore[] {
  return definition.scales.map((scale) => ({
    code: scale.code,
    // Decimal ordinals add up with binary noise (0.1 + 0.2); a score is shown with at most 6 decimals.
    score: roundScore(itemsOfScale(definition, scale.linkIds).reduce((sum, item) => sum + itemScore(item, answers), 0)),
  }));
}

function roundScore(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * The stored scores as the patient reads them in `language`: the scale's name, and the message of the first range
 * that holds the score (min and max included), or null when none does. A score whose scale the definition no
 * longer names keeps its code as name.
 */
export function scoreMessages(
  definition: QuestionnaireDefinition,
  stored: readonly StoredScore[],
  language: string,
): PatientScore[] {
  return stored.map(({ code, score }) => {
    const scale = definition.scales.find((s) => s.code === code);
    const range = scale?.ranges.find((r) => score >= r.min && score <= r.max);
    return {
      scoreCode: code,
      scoreName: scale ? localText(scale.name, language) : code,
      score,
      patientMessageOnCompletion: range ? localText(range.message, language) : null,
    };
  });
}
