import { answersOf, type RuleAnswer, type RuleItem } from './questionnaire';

// How a stored questionnaire's items score and when a facility's safety message holds: one rule, read by the
// questionnaires module (the result a patient reads) and by the personal data export (what it says they read).

/** The parts of a stored questionnaire item the score rules read. */
export interface ScoredItem {
  questionnaireItemId: number;
  linkId: string;
  type: string;
  isRequired: boolean;
  lowerBound: number | null;
  upperBound: number | null;
  options: readonly { listAnswerId: number; isOtherOption: boolean; ordinal: number | null }[];
}

/** The parts of an item the questionnaire rules (rules/questionnaire.ts) read. */
export function ruleItemOf(item: ScoredItem): RuleItem {
  return {
    questionnaireItemId: item.questionnaireItemId,
    questionnaireItemType: item.type,
    isRequired: item.isRequired,
    lowerBound: item.lowerBound,
    upperBound: item.upperBound,
    listAnswers: item.options.map((o) => ({ listAnswerId: o.listAnswerId, isOtherOption: o.isOtherOption })),
  };
}

/**
 * One item's score: the ordinal of the chosen option (a checkbox adds those of every checked option; an option
 * without an ordinal counts 0), or the value of a Number or Slider. Unanswered items score 0.
 */
export function itemScore(item: ScoredItem, answers: readonly RuleAnswer[]): number {
  let total = 0;
  for (const answer of answersOf(ruleItemOf(item), answers)) {
    if (item.type === 'Number' || item.type === 'Slider') total += answer.numberAnswer ?? 0;
    else total += item.options.find((o) => o.listAnswerId === answer.listAnswerId)?.ordinal ?? 0;
  }
  return total;
}

/** min..max, both included; no max: no upper bound. */
export const inScoreRange = (value: number, min: number, max: number | undefined) =>
  value >= min && (max === undefined || value <= max);

/** When a safety message shows (api/integration-questionnaires.ts' QuestionnaireSafetyConditionSchema). */
export type SafetyCondition =
  | { kind: 'item'; linkId: string; min: number; max?: number | undefined }
  | { kind: 'score'; scoreCode?: string | undefined; min: number; max?: number | undefined };

/**
 * The messages of `rules` whose condition holds, in their order: on an item, when the question (by linkId) was
 * answered and its score is in min..max; on a score (its scoreCode, else the questionnaire's first), when the stored
 * score is.
 */
export function safetyMessagesMet<M>(
  rules: readonly { when: SafetyCondition; message: M }[],
  items: readonly ScoredItem[],
  firstScoreCode: string | undefined,
  answers: readonly RuleAnswer[],
  stored: readonly { code: string; score: number }[],
): M[] {
  return rules.flatMap(({ when, message }) => {
    if (when.kind === 'item') {
      const met = items
        .filter((i) => i.linkId === when.linkId && i.type !== 'SectionHeader')
        .some(
          (item) =>
            answersOf(ruleItemOf(item), answers).length > 0 &&
            inScoreRange(itemScore(item, answers), when.min, when.max),
        );
      return met ? [message] : [];
    }
    const code = when.scoreCode ?? firstScoreCode;
    const score = stored.find((s) => s.code === code);
    return score !== undefined && inScoreRange(score.score, when.min, when.max) ? [message] : [];
  });
}

/** The facility's band that holds `score` of the score `code` (a band without scoreCode is the first score's). */
export function bandOf<B extends { scoreCode?: string | undefined; min: number; max: number }>(
  bands: readonly B[],
  firstScoreCode: string | undefined,
  code: string,
  score: number,
): B | undefined {
  return bands.find((b) => (b.scoreCode ?? firstScoreCode) === code && inScoreRange(score, b.min, b.max));
}
