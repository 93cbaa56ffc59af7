import { FHIR_QUESTIONNAIRE_LIMITS, PORTAL_FHIR_EXTENSIONS } from '@portal/contracts';
import { BUNDLED_PACKS } from '../../platform/content/language-packs';
import type { DefinitionOption } from './definition';
import { BCP47, flagOf, localText, ordinalOf, translationsOf } from './fhir-extensions';
import { refusalOf, refuse } from './fhir-refusals';
import {
  ValueSetSchema,
  type FhirAnswerOption,
  type FhirConcept,
  type FhirItem,
  type FhirQuestionnaire,
  type Path,
} from './fhir-shapes';

const OTHER_OPTION_KEY = 'questionnaires.otherOption';
const LOINC = 'http://loinc.org';
/** A LOINC answer code (LA6568-5): LOINC's own, never another system's. */
const LOINC_ANSWER_CODE = /^LA[0-9]{1,8}-[0-9]$/;

type ReadOption = Omit<DefinitionOption, 'listAnswerId'>;

/** The options of a choice item, numbered 1..n; an open-choice item without an 'other' option gets one. */
export function readOptions(item: FhirItem, path: Path, contained: FhirQuestionnaire['contained']): DefinitionOption[] {
  if (item.answerOption && item.answerValueSet) {
    refuse([...path, 'answerValueSet'], 'give answerOption or answerValueSet, not both');
  }
  const read = item.answerValueSet
    ? valueSetOptions(item.answerValueSet, [...path, 'answerValueSet'], contained)
    : (item.answerOption ?? []).map((option, i) => answerOption(option, [...path, 'answerOption', i], item));
  if (read.length === 0 && item.type === 'choice') {
    refuse(path, `the choice item '${item.linkId}' needs answerOption or a contained answerValueSet`);
  }
  if (item.type === 'open-choice' && !read.some((o) => o.isOtherOption)) read.push(otherOption());
  if (read.length > FHIR_QUESTIONNAIRE_LIMITS.options) {
    refuse(path, `a choice item has at most ${FHIR_QUESTIONNAIRE_LIMITS.options} options`);
  }
  return read.map((option, i) => ({ ...option, listAnswerId: i + 1 }));
}

/**
 * The system of an option's Coding. One that names none, on a question LOINC codes, whose code is a LOINC answer
 * code (LA...), is LOINC's: LHC-Forms publishes the LOINC instruments so, and a facility's system reading the
 * QuestionnaireResponse needs the system to know the code.
 */
function systemOf(coding: NonNullable<FhirAnswerOption['valueCoding']>, item: FhirItem): string | null {
  if (coding.system !== undefined) return coding.system;
  const loincQuestion = item.code?.some((c) => c.system === LOINC) ?? false;
  return loincQuestion && coding.code !== undefined && LOINC_ANSWER_CODE.test(coding.code) ? LOINC : null;
}

function answerOption(option: FhirAnswerOption, path: Path, item: FhirItem): ReadOption {
  const coding = option.valueCoding;
  if (coding) {
    const shown = coding.display ?? coding.code;
    if (!shown) refuse([...path, 'valueCoding'], 'an option needs a code or a display');
    const codingPath: Path = [...path, 'valueCoding'];
    return {
      system: systemOf(coding, item),
      code: coding.code ?? null,
      text: localText(shown, coding.display ? coding._display : undefined, [...codingPath, '_display']),
      ordinal: ordinalOf(option.extension, path) ?? ordinalOf(coding.extension, codingPath),
      isOtherOption:
        flagOf(option.extension, PORTAL_FHIR_EXTENSIONS.otherOption, path) ||
        flagOf(coding.extension, PORTAL_FHIR_EXTENSIONS.otherOption, codingPath),
    };
  }
  if (option.valueString !== undefined) {
    return {
      system: null,
      code: null,
      text: localText(option.valueString, option._valueString, [...path, '_valueString']),
      ordinal: ordinalOf(option.extension, path),
      isOtherOption: flagOf(option.extension, PORTAL_FHIR_EXTENSIONS.otherOption, path),
    };
  }
  const other = Object.keys(option).find((key) => key.startsWith('value'));
  refuse(
    other ? [...path, other] : path,
    other
      ? `options given as ${other} cannot be shown; give each option as a valueCoding or a valueString`
      : 'an option needs a valueCoding or a valueString',
  );
}

/** The options of a contained ValueSet (`#id`): its expansion, else the concepts its compose lists. */
function valueSetOptions(reference: string, path: Path, contained: FhirQuestionnaire['contained']): ReadOption[] {
  if (!reference.startsWith('#')) {
    refuse(
      path,
      `'${reference}' is not contained in the Questionnaire: the portal reads only contained value sets ` +
        '(answerValueSet "#id" naming an entry of contained) and never expands an external one',
    );
  }
  const index = (contained ?? []).findIndex((r) => r.resourceType === 'ValueSet' && r.id === reference.slice(1));
  if (index < 0) refuse(path, `no ValueSet with id '${reference.slice(1)}' is contained in the Questionnaire`);
  const at: Path = ['contained', index];
  const parsed = ValueSetSchema.safeParse(contained?.[index], { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue) refusalOf({ ...issue, path: [...at, ...issue.path] });
  }
  const valueSet = parsed.data;
  const concepts: { concept: FhirConcept; path: Path }[] = [];
  if (valueSet?.expansion?.contains?.length) {
    valueSet.expansion.contains.forEach((concept, i) =>
      concepts.push({ concept, path: [...at, 'expansion', 'contains', i] }),
    );
  } else {
    valueSet?.compose?.include.forEach((include, i) => {
      const includeAt: Path = [...at, 'compose', 'include', i];
      if (!include.concept) {
        refuse(includeAt, 'only value sets that list their concepts can be shown (no filters or other value sets)');
      }
      include.concept.forEach((concept, j) =>
        concepts.push({ concept: { ...concept, system: include.system }, path: [...includeAt, 'concept', j] }),
      );
    });
  }
  if (concepts.length === 0) refuse(at, 'the ValueSet lists no concepts');
  return concepts.map(({ concept, path: conceptAt }) => {
    const shown = concept.display ?? concept.code;
    if (!shown) refuse(conceptAt, 'a concept needs a code or a display');
    const translations = concept.display ? translationsOf(concept._display, [...conceptAt, '_display']) : {};
    for (const designation of concept.designation ?? []) {
      if (designation.language && BCP47.test(designation.language)) {
        translations[designation.language] ??= designation.value;
        translations[designation.language.split('-')[0]?.toLowerCase() ?? designation.language] ??= designation.value;
      }
    }
    return {
      system: concept.system ?? null,
      code: concept.code ?? null,
      text: { text: shown, translations },
      ordinal: ordinalOf(concept.extension, conceptAt),
      isOtherOption: flagOf(concept.extension, PORTAL_FHIR_EXTENSIONS.otherOption, conceptAt),
    };
  });
}

/** The 'Other' option an open-choice item gets, in every language of the bundled packs. */
function otherOption(): ReadOption {
  const translations: Record<string, string> = {};
  for (const [language, pack] of Object.entries(BUNDLED_PACKS)) {
    const text = pack[OTHER_OPTION_KEY];
    if (text && language !== 'en') translations[language] = text;
  }
  const text = BUNDLED_PACKS.en[OTHER_OPTION_KEY];
  if (!text) throw new Error(`The English language pack has no ${OTHER_OPTION_KEY}`);
  return { system: null, code: null, text: { text, translations }, ordinal: null, isOtherOption: true };
}
