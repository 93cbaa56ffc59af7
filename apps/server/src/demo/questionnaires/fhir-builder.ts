// A small vocabulary for writing the demo's instruments as FHIR R4 Questionnaires, the way a facility would send
// them (docs/adr/0009-questionnaires.md): the standard SDC extensions for controls, bounds and scores, the
// translation extension for every patient-visible text, and the portal's own extensions for instructions, the
// completion message and score ranges. The resources are plain JSON; the import reads them like any other.

export const LANGUAGES = ['es', 'fr', 'pt', 'zh'] as const;
type OtherLanguage = (typeof LANGUAGES)[number];

/** A text in English (the resource's own text) and in every other language the portal speaks. */
export type Texts = { en: string } & Record<OtherLanguage, string>;

/** A JSON element of a FHIR resource. */
export type FhirElement = { [key: string]: unknown };

const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';
const ITEM_CONTROL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
const ITEM_CONTROL_SYSTEM = 'http://hl7.org/fhir/questionnaire-item-control';
const MIN_VALUE = 'http://hl7.org/fhir/StructureDefinition/minValue';
const MAX_VALUE = 'http://hl7.org/fhir/StructureDefinition/maxValue';
const SLIDER_STEP = 'http://hl7.org/fhir/StructureDefinition/questionnaire-sliderStepValue';
const ORDINAL_VALUE = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';
const CALCULATED_EXPRESSION = 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression';
const PORTAL = 'https://fhir.patient-portal.dev/StructureDefinition';

export const LOINC = 'http://loinc.org';

/** An item's or a questionnaire's LOINC Coding. */
export function loinc(code: string, display: string) {
  return [{ system: LOINC, code, display }];
}
/** Where the demo's own instruments and codes live (not a real registry). */
export const DEMO_CANONICAL = 'https://fhir.riverside-demo.example/Questionnaire';
export const DEMO_CODES = 'https://fhir.riverside-demo.example/CodeSystem';

/** A translatable FHIR string element: `text`, `display`, `valueString`, `title` or `description`. */
type TextKey = 'text' | 'display' | 'valueString' | 'title' | 'description';
export type Translated = <K extends TextKey>(key: K) => { [P in K]: string } & { [P in `_${K}`]: FhirElement };

/**
 * A text in five languages, written into a resource as `tr(...)('text')`: `{ text, _text }` where `_text`
 * carries one translation extension per language other than English.
 */
export function tr(texts: Texts): Translated & { texts: Texts } {
  const translations = {
    extension: LANGUAGES.map((lang) => ({
      url: TRANSLATION,
      extension: [
        { url: 'lang', valueCode: lang },
        { url: 'content', valueString: texts[lang] },
      ],
    })),
  };
  const element = <K extends TextKey>(key: K) =>
    ({ [key]: texts.en, [`_${key}`]: translations }) as { [P in K]: string } & { [P in `_${K}`]: FhirElement };
  return Object.assign(element, { texts });
}

type Text = ReturnType<typeof tr>;

function control(code: string): FhirElement {
  return { url: ITEM_CONTROL, valueCodeableConcept: { coding: [{ system: ITEM_CONTROL_SYSTEM, code }] } };
}

/* --------------------------------------------------------------- options */

export interface OptionSpec {
  text: Text;
  /** A Coding's code (a LOINC answer, or the demo's own); omitted: a plain string option. */
  code?: string;
  system?: string;
  /** The option's score. */
  ordinal?: number;
  /** The patient writes their own answer when choosing it. */
  other?: boolean;
}

export function option(spec: OptionSpec): FhirElement {
  const extension: FhirElement[] = [];
  if (spec.ordinal !== undefined) extension.push({ url: ORDINAL_VALUE, valueDecimal: spec.ordinal });
  if (spec.other) extension.push({ url: `${PORTAL}/other-option`, valueBoolean: true });
  const value =
    spec.code === undefined
      ? spec.text('valueString')
      : { valueCoding: { system: spec.system ?? DEMO_CODES, code: spec.code, ...spec.text('display') } };
  return { ...(extension.length > 0 ? { extension } : {}), ...value };
}

/* ----------------------------------------------------------------- items */

interface ItemOptions {
  required?: boolean;
  /** The number printed before the question. */
  prefix?: string;
  /** The item's Codings (a LOINC question code). */
  code?: { system: string; code: string; display: string }[];
}

function base(linkId: string, type: string, text: Text, options: ItemOptions): FhirElement {
  return {
    linkId,
    ...(options.code ? { code: options.code } : {}),
    ...(options.prefix ? { prefix: options.prefix } : {}),
    ...text('text'),
    type,
    ...(options.required ? { required: true } : {}),
  };
}

/** A section header or a line of explanation. */
export function displayItem(linkId: string, text: Text): FhirElement {
  return base(linkId, 'display', text, {});
}

export type ChoiceControl = 'radio-button' | 'drop-down' | 'check-box';

/** A single choice (radio or drop-down) or, with the check-box control, any number of options. */
export function choiceItem(
  linkId: string,
  text: Text,
  answerOption: FhirElement[],
  options: ItemOptions & { control?: ChoiceControl } = {},
): FhirElement {
  const { control: controlCode = 'radio-button' } = options;
  return {
    ...base(linkId, 'choice', text, options),
    ...(controlCode === 'check-box' ? { repeats: true } : {}),
    extension: [control(controlCode)],
    answerOption,
  };
}

/** A table whose rows share one set of answer columns (the portal's Matrix). */
export function matrixGroup(
  linkId: string,
  text: Text,
  columns: FhirElement[],
  rows: { linkId: string; text: Text }[],
  options: { required?: boolean } = {},
): FhirElement {
  return {
    linkId,
    ...text('text'),
    type: 'group',
    extension: [control('gtable')],
    item: rows.map((row) => ({
      ...base(row.linkId, 'choice', row.text, { required: options.required }),
      answerOption: columns,
    })),
  };
}

/** A whole-number slider with the instrument's words under each end. */
export function sliderItem(
  linkId: string,
  text: Text,
  range: { min: number; max: number; lower: Text; upper: Text },
  options: ItemOptions = {},
): FhirElement {
  return {
    ...base(linkId, 'integer', text, options),
    extension: [
      control('slider'),
      { url: MIN_VALUE, valueInteger: range.min },
      { url: MAX_VALUE, valueInteger: range.max },
      { url: SLIDER_STEP, valueInteger: 1 },
    ],
    item: [
      { linkId: `${linkId}-lower`, ...range.lower('text'), type: 'display', extension: [control('lower')] },
      { linkId: `${linkId}-upper`, ...range.upper('text'), type: 'display', extension: [control('upper')] },
    ],
  };
}

export function integerItem(
  linkId: string,
  text: Text,
  range: { min: number; max: number },
  options: ItemOptions = {},
): FhirElement {
  return {
    ...base(linkId, 'integer', text, options),
    extension: [
      { url: MIN_VALUE, valueInteger: range.min },
      { url: MAX_VALUE, valueInteger: range.max },
    ],
  };
}

/** A single-line (`string`) or multi-line (`text`) answer. */
export function textItem(linkId: string, text: Text, options: ItemOptions & { multiLine?: boolean } = {}) {
  return base(linkId, options.multiLine ? 'text' : 'string', text, options);
}

export function dateItem(linkId: string, text: Text, options: ItemOptions = {}): FhirElement {
  return base(linkId, 'date', text, options);
}

/** A published instrument's total as its form carries it: read-only and calculated, so never asked. */
export function calculatedTotalItem(
  linkId: string,
  text: Text,
  expression: string,
  code: { system: string; code: string; display: string }[],
): FhirElement {
  return {
    ...base(linkId, 'integer', text, { code }),
    readOnly: true,
    extension: [
      {
        url: CALCULATED_EXPRESSION,
        valueExpression: { language: 'text/fhirpath', expression },
      },
    ],
  };
}

/* ---------------------------------------------------------------- scores */

export interface ScoreSpec {
  code: string;
  name: Text;
  /** The linkIds it sums; omitted: every scored item. */
  items?: string[];
  ranges: { min: number; max: number; message: Text }[];
}

function scoreExtension(spec: ScoreSpec): FhirElement {
  return {
    url: `${PORTAL}/score`,
    extension: [
      { url: 'code', valueCode: spec.code },
      { url: 'name', ...spec.name('valueString') },
      ...(spec.items ?? []).map((linkId) => ({ url: 'item', valueString: linkId })),
      ...spec.ranges.map((range) => ({
        url: 'range',
        extension: [
          { url: 'min', valueDecimal: range.min },
          { url: 'max', valueDecimal: range.max },
          { url: 'message', ...range.message('valueString') },
        ],
      })),
    ],
  };
}

/* --------------------------------------------------------- questionnaire */

export interface QuestionnaireSpec {
  /** The resource id and the last segment of its canonical URL. */
  id: string;
  /** Defaults to the demo's canonical base + id. */
  url?: string;
  version: string;
  title: Text;
  description: Text;
  publisher?: string;
  copyright?: string;
  code?: { system: string; code: string; display: string }[];
  instructions: Text;
  completionMessage: Text;
  scores?: ScoreSpec[];
  items: FhirElement[];
}

export function questionnaire(spec: QuestionnaireSpec): FhirElement {
  return {
    resourceType: 'Questionnaire',
    id: spec.id,
    extension: [
      { url: `${PORTAL}/patient-instructions`, ...spec.instructions('valueString') },
      { url: `${PORTAL}/completion-message`, ...spec.completionMessage('valueString') },
      ...(spec.scores ?? []).map(scoreExtension),
    ],
    url: spec.url ?? `${DEMO_CANONICAL}/${spec.id}`,
    version: spec.version,
    name: spec.id.replace(/[^A-Za-z0-9]/g, '_'),
    ...spec.title('title'),
    status: 'active',
    ...(spec.publisher ? { publisher: spec.publisher } : {}),
    ...spec.description('description'),
    ...(spec.copyright ? { copyright: spec.copyright } : {}),
    ...(spec.code ? { code: spec.code } : {}),
    item: spec.items,
  };
}
